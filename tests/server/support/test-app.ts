/**
 * The Express app of `createApp` from the production build of this test run
 * (`<build>/server/app.js`, whose route tree is the framework's virtual module, never
 * `src/server/app.ts` itself), without listening, for supertest.
 *
 * Each app gets its own temporary DATA_DIR (SQLite store and form secret) and a quiet logger;
 * `env` overrides any variable (as strings, exactly as the environment would give them).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inject } from 'vitest';
import { seedFrom } from '../../../src/server/content/files.ts';
import type { AppDeps, SiteApp } from '../../../src/server/app.ts';
import { openContentStore, storeSource } from '../../../src/server/content/source.ts';
import type { DraftStore } from '../../../src/server/content/drafts.ts';
import type { ContentStore } from '../../../src/server/content/store.ts';
import type { PreviewStore } from '../../../src/server/content/previews.ts';
import { createRuntime, type EnquiryRuntime } from '../../../src/server/enquiries/runtime.ts';
import { parseEnv, type Env } from '../../../src/server/env.ts';
import { createLogger, type Logger } from '../../../src/server/logger.ts';
import { createObservability, type Observability } from '../../../src/server/observability.ts';
import type { StaffContent, StaffRuntime } from '../../../src/server/staff/runtime.ts';
import { openStatistics, type Statistics } from '../../../src/server/statistics/runtime.ts';

/** The form secret test apps use, so tests can sign their own start cookies. */
export const TEST_FORM_SECRET = 'test-secret-for-the-form-token';

export interface TestApp {
  app: SiteApp;
  runtime: EnquiryRuntime;
  dataDir: string;
  /** The checked environment the app was built with. */
  env: Env;
  /** Another app of the same process, e.g. the inbox's own port (`surface: 'staff'`). */
  appFor(surface: AppDeps['surface']): SiteApp;
  /** The app's page-view counting; its batches are written by `statistics.counter.flush()`. */
  statistics: Statistics;
  /** The content store the app's pages follow. */
  content: ContentStore;
  previews: PreviewStore;
  /** Its drafts, as `/staff/content` edits them. */
  drafts: DraftStore;
  /** Closes the enquiry runtime and the content store: the database is away for the app. */
  closeStores(): Promise<void>;
  /** Closes the stores and removes the data directory. */
  close(): Promise<void>;
}

/**
 * @param env environment overrides (defaults: no fill delay, a high rate limit, silent logs)
 * @param options.now the clock of the app and its enquiry runtime, epoch ms (tests move it to
 *   drive the time trap)
 * @param options.observability makes the app's metrics registry on the runtime (tests read it);
 *   one registry serves every app of the test, as one serves `server.ts`'s ports
 * @param options.staff the staff inbox's server side (`tests/server/support/staff-app.ts`)
 * @param options.contentPollMs ms between the app's looks for a new content release
 * @throws Error when the run has no build (the global setup's build failed; see its log)
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    now?: () => number;
    observability?: (runtime: EnquiryRuntime) => Observability;
    staff?: (deps: {
      env: Env;
      runtime: EnquiryRuntime;
      logger: Logger;
      content: StaffContent;
      statistics: Statistics;
    }) => StaffRuntime;
    contentPollMs?: number;
  } = {},
): Promise<TestApp> {
  const buildDir = inject('buildDir');
  if (!buildDir) throw new Error('No build: the global setup could not build the site');
  const dataDir = mkdtempSync(join(tmpdir(), 'test-app-'));
  const vars: NodeJS.ProcessEnv = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    FORM_SECRET: TEST_FORM_SECRET,
    FORM_MIN_FILL_MS: '0',
    RATE_LIMIT_MAX: '1000',
    LOG_LEVEL: 'silent',
    BUILD_DIR: buildDir,
    ...env,
  };
  const parsed = parseEnv(vars);
  const logger = createLogger(parsed.LOG_LEVEL);
  const runtime = createRuntime({
    config: parsed,
    logger,
    worker: false,
    ...(options.now ? { now: options.now } : {}),
  });
  await runtime.ready;
  const { createApp } = (await import(
    pathToFileURL(join(buildDir, 'server/app.js')).href
  )) as typeof import('../../../src/server/app.ts');
  // The content store beside the enquiries, seeded from src/content/ as the server seeds it.
  const content = openContentStore(parsed);
  await content.prepare(seedFrom());
  const statistics = openStatistics(parsed, logger, {
    timers: false,
    ...(options.now ? { now: options.now } : {}),
  });
  const staff = options.staff?.({ env: parsed, runtime, logger, content, statistics });
  const deps: AppDeps = {
    env: parsed,
    runtime,
    logger,
    buildDir,
    now: options.now,
    observability: (options.observability ?? createObservability)(runtime),
    staff,
    content: storeSource(content.store),
    previews: content.previews,
    media: content.media,
    contentPollMs: options.contentPollMs,
    statistics: statistics.counter,
  };
  const app = createApp(deps);
  await app.ready;
  return {
    app,
    runtime,
    dataDir,
    env: parsed,
    statistics,
    content: content.store,
    previews: content.previews,
    drafts: content.drafts,
    async closeStores() {
      await statistics.close();
      await runtime.close();
      await content.close();
    },
    appFor: (surface) => createApp({ ...deps, surface }),
    async close() {
      await staff?.close();
      await statistics.close();
      await runtime.close();
      await content.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
