/**
 * The server. Development: Vite serves the route tree in middleware mode; production runs the
 * bundle `npm run build` makes, `<build>/server/server.js` (docs/decisions/010-server-bundle.md).
 * The staff area is on the public port, on `STAFF_PORT`, or off
 * (docs/decisions/037-one-route-tree-for-the-site-and-the-inbox.md). SIGTERM/SIGINT: readiness
 * turns 503, after DRAIN_GRACE_MS the ports close, exit 0 (exit 1 after SHUTDOWN_TIMEOUT_MS).
 * A bad configuration or a store that cannot open: exit 1. A fresh database is seeded with the
 * build's content (`<build>/content`, `src/content/` from the sources) as content release 1
 * (docs/decisions/048-content-in-the-database.md); an older one gets the content migrations it
 * has not run (docs/decisions/064-content-migrations.md), or exit 1 when they cannot apply.
 */
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseEnvOrExit, type Env } from './src/server/env.ts';

// Vite's build replaces `import.meta.env`; Node running this file from source has none.
const bundled = import.meta.env?.PROD === true;

async function start(env: Env): Promise<void> {
  const { createLogger } = await import('./src/server/logger.ts');
  const { createRuntime } = await import('./src/server/enquiries/runtime.ts');
  const { createMetricsApp, createObservability } = await import('./src/server/observability.ts');
  const { createInboxService } = await import('./src/server/inbox/service.ts');
  const { createStaffRuntime } = await import('./src/server/staff/runtime.ts');
  const logger = createLogger(env.LOG_LEVEL);
  const runtime = createRuntime({ config: env, logger });
  try {
    await runtime.ready;
  } catch {
    // The runtime has logged the cause; a server that cannot store enquiries must not start.
    process.exit(1);
  }
  const { openContentStore, storeSource } = await import('./src/server/content/source.ts');
  const { seedFrom } = await import('./src/server/content/files.ts');
  const content = openContentStore(env);
  try {
    const prepared = await content.prepare(
      seedFrom(bundled ? resolve(import.meta.dirname, '..', 'content') : undefined),
    );
    if (prepared.seeded) logger.info({ release: 1 }, 'content seeded from the build');
    for (const step of prepared.applied) logger.info(step, 'content migration applied');
  } catch (e) {
    // Invalid seed content, or content a migration left failing today's schemas: nothing was
    // written, and pages that cannot render must not be served.
    logger.fatal({ err: e }, 'the content could not be prepared');
    process.exit(1);
  }
  const { runSchedules } = await import('./src/server/content/schedules.ts');
  const stopSchedules = runSchedules({ ...content, logger, now: Date.now, everyMs: 5_000 });
  const observability = createObservability(runtime);
  const { openStatistics } = await import('./src/server/statistics/runtime.ts');
  const statistics = openStatistics(env, logger);
  if (env.staffAreaOffReason) {
    logger.warn(
      { reason: env.staffAreaOffReason },
      'the staff area is off: passkeys cannot work at this origin (set STAFF_AREA=off to silence this)',
    );
  }
  for (const name of env.deprecatedNames ?? []) logger.warn({ name }, 'deprecated setting');
  const staff =
    env.STAFF_AREA === 'on'
      ? createStaffRuntime({
          env,
          inbox: createInboxService(runtime),
          content,
          statistics: statistics.store,
          secret: runtime.secret,
          logger,
        })
      : undefined;
  const deps = {
    env,
    runtime,
    logger,
    observability,
    staff,
    content: storeSource(content.store),
    previews: content.previews,
    media: content.media,
    statistics: statistics.counter,
  };
  let createApp: typeof import('./src/server/app.ts').createApp;
  let options: Partial<import('./src/server/app.ts').AppDeps>;
  if (bundled) {
    ({ createApp } = await import('./src/server/app.ts'));
    options = { buildDir: resolve(import.meta.dirname, '..') };
  } else {
    // One module graph for the app and the route tree: their load-context keys must be the same.
    const { createServer } = await import('vite');
    const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
    ({ createApp } = (await vite.ssrLoadModule(
      '/src/server/app.ts',
    )) as typeof import('./src/server/app.ts'));
    options = {
      devMiddleware: vite.middlewares,
      build: () => vite.ssrLoadModule('virtual:react-router/server-build') as never,
    };
  }
  const app = createApp({ ...deps, ...options });

  // A page that cannot render is a broken release: exit, so the orchestrator keeps the old one.
  app.ready.catch(() => process.exit(1));
  const server = app.listen(env.PORT, env.HOST, () => {
    logger.info({ url: `http://${env.HOST}:${env.PORT}`, store: runtime.store.kind }, 'listening');
  });
  const metricsServer =
    env.METRICS_PORT === undefined
      ? undefined
      : createMetricsApp(observability).listen(env.METRICS_PORT, env.HOST, () => {
          logger.info({ port: env.METRICS_PORT }, 'metrics listening');
        });
  const servers: Server[] = [server];
  if (staff && env.STAFF_PORT !== undefined) {
    const port = env.STAFF_PORT;
    const staffApp = createApp({ ...deps, ...options, surface: 'staff' });
    servers.push(
      staffApp.listen(port, env.HOST, () => {
        logger.info(
          { url: `http://${env.HOST}:${port}`, origin: env.STAFF_URL },
          'staff area listening',
        );
      }),
    );
  }
  // Slow or huge headers: Node answers 408/431 itself.
  for (const listening of servers) {
    listening.headersTimeout = 20_000;
    listening.requestTimeout = 30_000;
    listening.keepAliveTimeout = 5_000;
  }

  let shuttingDown = false;
  async function shutdown(signal: string): Promise<void> {
    if (shuttingDown) return;
    shuttingDown = true;
    // Readiness answers 503 now, so the load balancer stops sending new requests.

    observability.drain();
    logger.info({ signal }, 'shutting down: draining requests and the outbox delivery under way');
    const force = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    await new Promise((done) => setTimeout(done, env.DRAIN_GRACE_MS));
    const closed = Promise.all(
      servers.map((s) => new Promise<void>((done) => s.close(() => done()))),
    );
    const sweep = () => servers.forEach((s) => s.closeIdleConnections());
    sweep();
    const sweeper = setInterval(sweep, 100);
    await closed;
    clearInterval(sweeper);
    metricsServer?.close();
    await staff?.close();
    stopSchedules();
    await statistics.close();
    await runtime.close();
    await content.close();
    logger.info('stopped');
    process.exit(0);
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => void shutdown(signal));
  }
}

if (!bundled && process.env['NODE_ENV'] !== 'development') {
  // Production from the sources: the build's bundle of this file serves the build it belongs to.
  const buildDir = resolve(import.meta.dirname, process.env['BUILD_DIR'] ?? 'dist');
  await import(pathToFileURL(resolve(buildDir, 'server/server.js')).href);
} else {
  await start(parseEnvOrExit(process.env));
}
