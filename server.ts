/**
 * The server: parses the configuration, opens the enquiry store, builds the app and listens.
 * Node runs it from source in development (Vite in middleware mode); `npm run build` bundles it
 * into `<build>/server/server.js` for `npm start` and the container
 * (docs/decisions/010-server-bundle.md). The staff inbox is on the public port, its own, or off
 * (docs/decisions/028-staff-app-apart-from-the-public-pages.md).
 *
 * SIGTERM/SIGINT: readiness turns 503 and, after DRAIN_GRACE_MS, the ports close; in-flight
 * requests and the outbox delivery under way finish, the stores close, exit 0 — or exit 1 after
 * SHUTDOWN_TIMEOUT_MS. A bad configuration: one line on stderr, exit 1. A store that cannot open:
 * logged, exit 1.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EnvError, parseEnv, type Env } from './src/server/env.ts';

let env: Env;
try {
  env = parseEnv(process.env);
} catch (error) {
  process.stderr.write(`${error instanceof EnvError ? error.message : String(error)}\n`);
  process.exit(1);
}

const { createLogger } = await import('./src/server/logger.ts');
const { createRuntime } = await import('./src/server/enquiries/runtime.ts');
const { createApp } = await import('./src/server/app.ts');
const { createMetricsApp, createObservability } = await import('./src/server/observability.ts');
const { DEVELOPMENT_ASSETS, productionAssets } = await import('./src/server/assets.ts');
const { createInboxService } = await import('./src/server/inbox/service.ts');
const { createStaffRuntime } = await import('./src/server/staff/runtime.ts');
const { STAFF_DEVELOPMENT_ASSETS, staffProductionAssets } =
  await import('./src/server/staff/assets.ts');

const logger = createLogger(env.LOG_LEVEL);
const runtime = createRuntime({ config: env, logger });
try {
  await runtime.ready;
} catch {
  // The runtime has logged the cause; a server that cannot store enquiries must not start.
  process.exit(1);
}

const observability = createObservability(runtime);
const root = import.meta.dirname;
// Vite's build replaces `import.meta.env`; Node running this file from source has none.
const bundled = import.meta.env?.PROD === true;
const staffRuntime =
  env.STAFF_INBOX === 'on'
    ? createStaffRuntime({
        env,
        inbox: createInboxService(runtime),
        secret: runtime.secret,
        logger,
      })
    : undefined;
if (env.staffInboxOffReason) {
  logger.warn(
    { reason: env.staffInboxOffReason },
    'the staff inbox is off: passkeys cannot work at this origin (set STAFF_INBOX=off to silence this)',
  );
}
let app;
let staff: import('./src/server/staff/http.ts').StaffMount | undefined;
let devMiddleware: import('express').RequestHandler | undefined;
if (!bundled && env.NODE_ENV === 'development') {
  const { createServer } = await import('vite');
  const vite = await createServer({
    root,
    server: { middlewareMode: true },
    appType: 'custom',
  });
  devMiddleware = vite.middlewares;
  staff = staffRuntime && {
    runtime: staffRuntime,
    entry: () => vite.ssrLoadModule('/src/staff/entry-server.tsx') as never,
    assets: () => Promise.resolve(STAFF_DEVELOPMENT_ASSETS),
  };
  app = createApp({
    env,
    runtime,
    logger,
    observability,
    staff,
    devMiddleware,
    entry: () => vite.ssrLoadModule('/src/entry-server.tsx') as never,
    assets: () => Promise.resolve(DEVELOPMENT_ASSETS),
  });
} else {
  // The bundle serves the build it belongs to.
  const buildDir = bundled ? resolve(root, '..') : resolve(root, env.BUILD_DIR);
  const clientDir = resolve(buildDir, 'client');
  const assets = productionAssets(clientDir);
  const entry: import('./src/server/render.ts').ServerEntry = bundled
    ? await import('./src/entry-server.tsx')
    : ((await import(
        pathToFileURL(resolve(buildDir, 'server/entry-server.js')).href
      )) as import('./src/server/render.ts').ServerEntry);
  if (staffRuntime) {
    const staffDir = resolve(buildDir, 'staff');
    const staffAssets = staffProductionAssets(staffDir);
    const staffEntry: import('./src/server/staff/render.ts').StaffServerEntry = bundled
      ? await import('./src/staff/entry-server.tsx')
      : ((await import(
          pathToFileURL(resolve(buildDir, 'server/staff-entry-server.js')).href
        )) as import('./src/server/staff/render.ts').StaffServerEntry);
    staff = {
      runtime: staffRuntime,
      entry: () => Promise.resolve(staffEntry),
      assets: () => Promise.resolve(staffAssets),
      staticDir: staffDir,
    };
  }
  app = createApp({
    env,
    runtime,
    logger,
    observability,
    staff,
    production: { entry, assets, clientDir },
    entry: () => Promise.resolve(entry),
    assets: () => Promise.resolve(assets),
  });
}

// A page that cannot render is a broken release: exit, so the orchestrator keeps the old one.
app.ready.catch(() => process.exit(1));
const server = app.listen(env.PORT, env.HOST, () => {
  logger.info({ url: `http://${env.HOST}:${env.PORT}`, store: runtime.store.kind }, 'listening');
});
// Metrics on their own port, never on the public one.
const metricsServer =
  env.METRICS_PORT === undefined
    ? undefined
    : createMetricsApp(observability).listen(env.METRICS_PORT, env.HOST, () => {
        logger.info({ port: env.METRICS_PORT }, 'metrics listening');
      });
let staffServer: import('node:http').Server | undefined;
if (staff && env.STAFF_PORT !== undefined) {
  const { createStaffApp } = await import('./src/server/staff/app.ts');
  const port = env.STAFF_PORT;
  staffServer = createStaffApp({ env, logger, staff, devMiddleware }).listen(port, env.HOST, () => {
    logger.info(
      { url: `http://${env.HOST}:${port}`, origin: env.STAFF_URL },
      'staff inbox listening',
    );
  });
}
// Slow or huge headers: Node answers 408/431 itself.
for (const listening of [server, staffServer]) {
  if (!listening) continue;
  listening.headersTimeout = 20_000;
  listening.requestTimeout = 30_000;
  listening.keepAliveTimeout = 5_000;
}

let shuttingDown = false;
async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  // Readiness answers 503 from now on, so the load balancer stops sending new requests.
  observability.drain();
  logger.info({ signal }, 'shutting down: draining requests and the outbox delivery under way');
  const force = setTimeout(() => {
    logger.error('shutdown timed out; exiting');
    process.exit(1);
  }, env.SHUTDOWN_TIMEOUT_MS);
  force.unref();
  await new Promise((done) => setTimeout(done, env.DRAIN_GRACE_MS));
  const servers = [server, ...(staffServer ? [staffServer] : [])];
  const closed = Promise.all(
    servers.map((s) => new Promise<void>((done) => s.close(() => done()))),
  );
  const sweep = () => servers.forEach((s) => s.closeIdleConnections());
  sweep();
  const sweeper = setInterval(sweep, 100);
  await closed;
  clearInterval(sweeper);
  metricsServer?.close();
  await staffRuntime?.close();
  await runtime.close();
  logger.info('stopped');
  process.exit(0);
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void shutdown(signal));
}
