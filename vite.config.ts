/**
 * Vite builds two environments from one route tree:
 *
 * - `client`: `src/entry-client.tsx` → `<out>/client/` with hashed files under `/assets/` and a
 *   manifest (`.vite/manifest.json`) the server reads to find the entry, its CSS and each route's
 *   chunk;
 * - `ssr`: the whole server as self-contained bundles in `<out>/server/`
 *   (docs/decisions/010-server-bundle.md): `server.js` (from `server.ts`, the page entry
 *   included), `enquiries.js` (the operator's CLI, `scripts/enquiries.ts`) and `entry-server.js`
 *   (the page entry on its own, for tests that render without `server.ts`). Every dependency is
 *   inlined (`resolve.noExternal: true`), so the runtime needs no `node_modules`; the only
 *   externals are Node's built-ins, `vite` (development only, dropped from the bundle) and
 *   `pg-native` (an optional native driver `pg` never loads unless asked).
 *
 * `vite build` builds both (the `builder` option); `npm run build` (scripts/build.ts) adds the
 * social images and icons and precompresses the client output. In development `server.ts` runs
 * Vite in middleware mode with this same configuration; there dependencies stay external (Vite's
 * module runner cannot run CommonJS packages), hence `noExternal` only when building.
 *
 * Env: BUILD_DIR — output folder (default `dist`), so tests and benchmarks build side by side.
 */
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { contentPlugin } from './scripts/lib/content-plugin.ts';

const root = import.meta.dirname;
const outDir = resolve(root, process.env['BUILD_DIR'] ?? 'dist');

export default defineConfig(({ command }) => ({
  plugins: [contentPlugin(), tailwindcss(), react()],
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
        rolldownOptions: {
          input: resolve(root, 'src/entry-client.tsx'),
        },
      },
    },
    ssr: {
      resolve: command === 'build' ? { noExternal: true, external: ['vite', 'pg-native'] } : {},
      // Inline NODE_ENV so React, Express and friends keep only their production code paths.
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: resolve(outDir, 'server'),
        emptyOutDir: true,
        target: 'node24',
        minify: true,
        // Stack traces point into the sources (`node --enable-source-maps`).
        sourcemap: true,
        rolldownOptions: {
          input: {
            server: resolve(root, 'server.ts'),
            enquiries: resolve(root, 'scripts/enquiries.ts'),
            'entry-server': resolve(root, 'src/entry-server.tsx'),
          },
          output: {
            entryFileNames: '[name].js',
            chunkFileNames: 'chunks/[name]-[hash].js',
            // File and line are enough for a stack trace; the sources are in the repository.
            sourcemapExcludeSources: true,
          },
        },
      },
    },
  },
  builder: {},
}));
