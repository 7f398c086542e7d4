/**
 * Vite with React Router's framework plugin (`react-router.config.ts`) builds:
 *
 * - `client`: the browser entry (`src/entry.client.tsx`) and every route module's chunk →
 *   `<out>/client/` with hashed files under `/assets/`;
 * - `ssr`: the whole server as one graph of self-contained bundles in `<out>/server/`
 *   (docs/decisions/010-server-bundle.md): `server.js` (from `server.ts`), `app.js` (the Express
 *   app with the route tree, `src/server/app.ts`, for tests and the build's own renders) and
 *   `enquiries.js` and `content.js` (the operators' CLIs, `src/server/enquiries/cli.ts`,
 *   `src/server/content/cli.ts`). Every dependency is inlined
 *   (`resolve.noExternal: true`), so the runtime needs no `node_modules` but sharp's; the only
 *   externals are Node's built-ins, `vite` (development only, dropped from the bundle),
 *   `pg-native` (an optional native driver `pg` never loads unless asked) and `sharp`, native
 *   (its `@img/*` binaries), which the image installs as the one production dependency
 *   (docs/decisions/051-uploaded-images-re-encoded-in-the-database.md).
 *
 * `npm run build` (scripts/build.ts) adds the icons and precompresses the client output. In development `server.ts` runs Vite in middleware mode with
 * this same configuration; there dependencies stay external, hence `noExternal` only when building.
 */
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const root = import.meta.dirname;

/**
 * What every public page runs before it hydrates, with all it imports: React, React Router, the
 * browser entry, the document (`src/root.tsx`), the site's layout and the pages' head metadata.
 * One chunk (the browser entry's), so a first visit fetches it in one request and brotli sees it
 * whole; each page's own code stays in its route's chunk, and React DOM's client renderer in the
 * hydration chunk the entry imports after the first paint
 * (docs/decisions/036-react-router-framework-mode-on-express.md).
 */
const SHELL = [
  /[\\/]node_modules[\\/](?:react|react-router)[\\/]/,
  /[\\/]node_modules[\\/]react-dom[\\/](?!client\.js$|cjs[\\/]react-dom-client\.)/,
  /[\\/]src[\\/](?:entry\.client|root|routes[\\/]site)\.tsx$/,
  /[\\/]src[\\/]lib[\\/]seo[\\/]page-head\.ts$/,
  // Under a kilobyte each and shared by several pages: alone, each would be one more request on
  // a page's first load (docs/decisions/062-fewer-requests-for-shared-page-parts.md).
  /[\\/]src[\\/]components[\\/]ui[\\/]content-picture\.tsx$/,
  /[\\/]src[\\/]components[\\/]sections[\\/]shared\.tsx$/,
  // Home's and the newsroom's cards: alone, a request more on Home than before the newsroom.
  /[\\/]src[\\/]components[\\/]sections[\\/]news-cards\.tsx$/,
];

/**
 * Rich text's rules (`src/lib/rich-text.ts`, which the staff editor shares) and its renderer
 * (`src/components/ui/rich-text.tsx`): one chunk, so the pages that show rich text fetch it in one
 * request.
 */
const RICH_TEXT = /[\\/]src[\\/](?:lib[\\/]rich-text\.ts|components[\\/]ui[\\/]rich-text\.tsx)$/;

export default defineConfig(({ command }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // Project-drawn SVGs stay files: fingerprinted, cached for a year, lazy below the fold.
    assetsInlineLimit: 0,
    target: 'es2022',
    // Kept (React Router removes it otherwise): the server reads the hashed name of the client's
    // own entry from it (`src/server/client-entries.ts`).
    manifest: true,
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // Beside React Router's entry and route modules: the module pages that do not hydrate
          // load (docs/decisions/150-item-pages-ship-no-framework-javascript.md).
          input: [resolve(root, 'src/vitals.ts')],
          output: {
            entryFileNames: 'assets/[name]-[hash].js',
            chunkFileNames: 'assets/[name]-[hash].js',
            codeSplitting: {
              groups: [
                { name: 'shell', test: (id: string) => SHELL.some((module) => module.test(id)) },
                { name: 'rich-text', test: RICH_TEXT },
              ],
            },
          },
        },
      },
    },
    ssr: {
      resolve:
        command === 'build' ? { noExternal: true, external: ['vite', 'pg-native', 'sharp'] } : {},
      // Inline NODE_ENV so React, Express and friends keep only their production code paths.
      define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
      build: {
        // As the client's: the drawings' URLs name the client build's fingerprinted files.
        assetsInlineLimit: 0,
        target: 'node24',
        minify: true,
        // Stack traces point into the sources (`node --enable-source-maps`).
        sourcemap: true,
        rolldownOptions: {
          input: {
            server: resolve(root, 'server.ts'),
            app: resolve(root, 'src/server/app.ts'),
            enquiries: resolve(root, 'src/server/enquiries/cli.ts'),
            content: resolve(root, 'src/server/content/cli.ts'),
          },
          output: {
            chunkFileNames: 'chunks/[name]-[hash].js',
            // File and line are enough for a stack trace; the sources are in the repository.
            sourcemapExcludeSources: true,
            // Non-ASCII characters escaped: V8 keeps a module's source for the process's life,
            // and a source with any character beyond Latin-1 as two bytes a character.
            charset: 'ascii',
          },
        },
      },
    },
  },
}));
