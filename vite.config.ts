/**
 * Vite builds three environments:
 *
 * - `client`: `src/entry-client.tsx` → `<out>/client/` with hashed files under `/assets/` and a
 *   manifest (`.vite/manifest.json`) the server reads to find the entry, its CSS and each route's
 *   chunk;
 * - `staff`: the staff inbox's browser app (`src/staff/entry-client.tsx`) → `<out>/staff/`, its
 *   own scripts and stylesheet under `/staff/assets/` with its own manifest;
 * - `ssr`: the whole server as self-contained bundles in `<out>/server/`
 *   (docs/decisions/010-server-bundle.md): `server.js` (from `server.ts`, the page entry
 *   included), `enquiries.js` (the operator's CLI, `scripts/enquiries.ts`), `entry-server.js`
 *   (the page entry on its own, for tests that render without `server.ts`) and
 *   `staff-entry-server.js` (the staff app's, likewise). Every dependency is
 *   inlined (`resolve.noExternal: true`), so the runtime needs no `node_modules`; the only
 *   externals are Node's built-ins, `vite` (development only, dropped from the bundle) and
 *   `pg-native` (an optional native driver `pg` never loads unless asked).
 *
 * `vite build` builds all three (the `builder` option); `npm run build` (scripts/build.ts) adds the
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
    // The staff inbox's browser code (src/staff/entry-client.tsx), built apart so it shares no
    // chunk with the public pages' scripts and they stay byte for byte what they were
    // (docs/decisions/028-staff-app-apart-from-the-public-pages.md). Its files live under
    // `<out>/staff/staff/assets/`, served at `/staff/assets/` only where the inbox is served.
    staff: {
      consumer: 'client',
      build: {
        outDir: resolve(outDir, 'staff'),
        emptyOutDir: true,
        manifest: true,
        assetsDir: 'staff/assets',
        rolldownOptions: {
          input: resolve(root, 'src/staff/entry-client.tsx'),
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
            'staff-entry-server': resolve(root, 'src/staff/entry-server.tsx'),
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
