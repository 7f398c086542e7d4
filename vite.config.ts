/**
 * Vite builds two environments from one route tree:
 *
 * - `client`: `src/entry-client.tsx` → `<out>/client/` with hashed files under `/assets/` and a
 *   manifest (`.vite/manifest.json`) the server reads to find the entry, its CSS and each route's
 *   chunk;
 * - `ssr`: `src/entry-server.tsx` → `<out>/server/entry-server.js`, imported by `server.ts` in
 *   production (dependencies stay external and come from `node_modules`).
 *
 * `vite build` builds both (the `builder` option); `npm run build` (scripts/build.ts) adds the
 * social images and icons and precompresses the client output. In development `server.ts` runs
 * Vite in middleware mode with this same configuration.
 *
 * Env: BUILD_DIR — output folder (default `dist`), so tests and benchmarks build side by side.
 */
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { routeCss } from './scripts/lib/route-css.ts';
import { contentPlugin } from './scripts/lib/content-plugin.ts';

const outDir = resolve(import.meta.dirname, process.env['BUILD_DIR'] ?? 'dist');

export default defineConfig({
  plugins: [contentPlugin(), tailwindcss(), react(), routeCss()],
  build: {
    // Project-drawn SVGs stay files: fingerprinted, cached for a year, lazy below the fold.
    assetsInlineLimit: 0,
    target: 'es2022',
  },
  environments: {
    client: {
      build: {
        outDir: resolve(outDir, 'client'),
        emptyOutDir: true,
        manifest: true,
        rolldownOptions: { input: resolve(import.meta.dirname, 'src/entry-client.tsx') },
      },
    },
    ssr: {
      build: {
        outDir: resolve(outDir, 'server'),
        emptyOutDir: true,
        rolldownOptions: { input: resolve(import.meta.dirname, 'src/entry-server.tsx') },
      },
    },
  },
  builder: {},
});
