/**
 * The retention period the privacy notice promises ("How long we keep it", `RETENTION_DAYS` in
 * `src/lib/privacy-notice.ts`) is kept by the running server, not only by an operator's `purge`:
 * at start and every `RETENTION_SWEEP_MS` it deletes the enquiries older than that, and nothing
 * younger, logging how many without anyone's details.
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETENTION_DAYS } from '../../src/lib/privacy-notice.ts';
import {
  createRuntime,
  openStore,
  RETENTION_SWEEP_MS,
} from '../../src/server/enquiries/runtime.ts';
import { parseEnv } from '../../src/server/env.ts';
import { insert, newSubmission } from './support/fixtures.ts';
import { TEST_SECRET } from './support/helpers.ts';
import { tempDir } from './support/temp-dir.ts';

const DAY_MS = 86_400_000;
const T0 = Date.UTC(2026, 10, 27, 12, 0, 0);

function setup() {
  const config = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: tempDir('retention'),
    FORM_SECRET: TEST_SECRET,
    SITE_URL: 'https://kahaani.example',
  });
  const logs: string[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _enc, done) {
        logs.push(chunk.toString());
        done();
      },
    }),
  );
  return { config, logs, logger };
}

const subjects = async (config: ReturnType<typeof setup>['config']) => {
  const store = openStore(config);
  try {
    await store.migrate();
    const rows = await store.list({ includeSpam: true });
    return rows.map((r) => r.subject).sort();
  } finally {
    await store.close();
  }
};

describe('the retention sweep', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('deletes at start what is older than the notice promises, and nothing younger', async () => {
    const { config, logs, logger } = setup();
    const store = openStore(config);
    await store.migrate();
    const age = (days: number) => T0 - days * DAY_MS;
    await insert(store, newSubmission({ subject: 'Past', receivedAt: age(RETENTION_DAYS + 1) }));
    await insert(
      store,
      newSubmission({ subject: 'Held past', spam: 'honeypot', receivedAt: age(400) }),
    );
    await insert(store, newSubmission({ subject: 'Within', receivedAt: age(RETENTION_DAYS - 1) }));
    await insert(store, newSubmission({ subject: 'Today', receivedAt: T0 }));
    await store.close();

    const rt = createRuntime({ config, logger, worker: false, now: () => T0 });
    await rt.ready;
    await rt.close(); // waits for the sweep under way

    expect(await subjects(config)).toEqual(['Today', 'Within']);
    const line = logs.find((l) => l.includes('retention'));
    expect(line && JSON.parse(line)).toMatchObject({ purged: 2, retentionDays: RETENTION_DAYS });
    expect(logs.join('')).not.toContain('asha@example.com');
  });

  it('sweeps again every RETENTION_SWEEP_MS while the server runs', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { config, logger } = setup();
    let clock = T0;
    const rt = createRuntime({ config, logger, worker: false, now: () => clock });
    await rt.ready;
    await insert(rt.store, newSubmission({ subject: 'Ageing', receivedAt: T0 - 364 * DAY_MS }));
    clock += 2 * DAY_MS; // now 366 days old, but no sweep has run since
    expect((await rt.store.list({})).map((r) => r.subject)).toEqual(['Ageing']);
    vi.advanceTimersByTime(RETENTION_SWEEP_MS);
    await rt.close(); // waits for the sweep the timer started
    expect(await subjects(config)).toEqual([]);
  });
});
