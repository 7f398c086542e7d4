/**
 * React Router's framework mode (https://reactrouter.com/start/framework/installation): the route
 * tree is `src/routes.ts`, rendered by `src/entry.server.tsx` inside the Express app of
 * `server.ts` and hydrated by `src/entry.client.tsx`
 * (docs/decisions/036-react-router-framework-mode-on-express.md).
 *
 * The public pages are not prerendered at build time: their canonical URLs name `SITE_URL`, which
 * only the running server knows, so the server renders them once at start
 * (docs/decisions/006-pages-rendered-once-per-release.md).
 *
 * Env: BUILD_DIR — output folder (default `dist`), so tests and benchmarks build side by side.
 */
import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src',
  buildDirectory: process.env['BUILD_DIR'] ?? 'dist',
  ssr: true,
  // One server graph, several entries (`vite.config.ts`): `server.js`, `app.js`, `enquiries.js`.
  serverBuildFile: '[name].js',
  splitRouteModules: false,
  // Every post's Origin is judged once, by the post guard in front of the route tree
  // (`src/server/http/post-guard.ts`), which answers a foreign one 403 as the site documents; the
  // framework's own check (a 400) is told to trust it with its documented glob for any host.
  allowedActionOrigins: ['**'],
} satisfies Config;
