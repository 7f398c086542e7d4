/**
 * Release exactly once across instances: two stores (two instances' connection pools) on one
 * PostgreSQL release the same held enquiries at the same moment; each enquiry is released once,
 * gets one delivery row per channel, and the two instances' workers then deliver it once per
 * channel. A mark-spam between two releases never makes a channel deliver twice.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Notifier } from '../../src/server/enquiries/mailer.ts';
import { OutboxWorker } from '../../src/server/enquiries/outbox.ts';
import { PgStore } from '../../src/server/enquiries/sql-store.ts';
import { createInboxService } from '../../src/server/inbox/service.ts';
import type { Channel } from '../../src/server/inbox/types.ts';
import { insert, newSubmission } from './support/fixtures.ts';
import { createDatabase, silentLogger } from './support/helpers.ts';

const CHANNELS: Channel[] = ['email', 'slack', 'webhook'];
let a: PgStore;
let b: PgStore;

beforeAll(async () => {
  const url = await createDatabase(inject('pgAdminUrl'));
  a = new PgStore(url);
  b = new PgStore(url);
  await Promise.all([a.migrate(), b.migrate()]);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
});

it('two instances releasing the same held enquiries at once deliver each once per channel', async () => {
  const ids: string[] = [];
  for (let i = 0; i < 20; i++) {
    ids.push((await insert(a, newSubmission({ spam: 'honeypot', subject: `Held ${i}` }))).id);
  }
  const inboxes = [a, b].map((store) =>
    createInboxService({ store, channels: CHANNELS, configured: new Set(CHANNELS) }),
  );
  const results = await Promise.all(
    ids.flatMap((id) => inboxes.map((inbox) => inbox.release(id).then((r) => [id, r] as const))),
  );
  for (const id of ids) {
    const mine = results.filter(([x]) => x === id).map(([, r]) => r);
    expect(mine.sort(), id).toEqual(['not-held', 'released']);
  }

  // Both instances' workers, every channel, draining at once.
  const delivered = new Map<Channel, string[]>(CHANNELS.map((c) => [c, []]));
  const notifier = (channel: Channel): Notifier => ({
    async send(s) {
      await new Promise((r) => setImmediate(r));
      delivered.get(channel)!.push(s.id);
    },
    close() {},
  });
  const drainAll = () =>
    Promise.all(
      [a, b].flatMap((store) =>
        CHANNELS.map((channel) =>
          new OutboxWorker({
            store,
            channel,
            notifier: notifier(channel),
            logger: silentLogger(),
            batch: 3,
          }).drainOnce(),
        ),
      ),
    );
  await drainAll();
  await drainAll();
  for (const channel of CHANNELS) {
    expect([...delivered.get(channel)!].sort(), channel).toEqual([...ids].sort());
  }

  // Mark spam, then both release again at once: nothing is delivered a second time.
  const [first] = ids;
  expect(await inboxes[0]!.markSpam(first!)).toBe('ok');
  const again = await Promise.all(inboxes.map((inbox) => inbox.release(first!)));
  expect(again.sort()).toEqual(['not-held', 'released']);
  await drainAll();
  for (const channel of CHANNELS) expect(delivered.get(channel)).toHaveLength(ids.length);
  expect((await inboxes[1]!.get(first!))?.deliveries.map((d) => d.state)).toEqual([
    'delivered',
    'delivered',
    'delivered',
  ]);
});
