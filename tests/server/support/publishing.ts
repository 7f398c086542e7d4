/**
 * The openers of the tests that publish content and read the stored pages
 * (`tests/server/case-studies.test.ts`, `news.test.ts`, `incremental-publish.test.ts`): an app of
 * each test's own, a GET as a browser that asks for no compression, and a publish that waits for
 * a page to change.
 */
import request from 'supertest';
import { afterEach, expect, vi } from 'vitest';
import type { Content } from '../../../src/content/collections.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Registers an `afterEach` that closes the test's app; returns `open`, which makes that app
 * (`createTestApp` without env, a new content release looked for every 50 ms), one a test.
 */
export function appPerTest(): (
  options?: Omit<NonNullable<Parameters<typeof createTestApp>[1]>, 'contentPollMs'>,
) => Promise<TestApp> {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  return async (options = {}) => (app = await createTestApp({}, { ...options, contentPollMs: 50 }));
}

/** GET `path` uncompressed (`Accept-Encoding: identity`), a redirect answered as it is. */
export const getPage = (app: TestApp, path: string) =>
  request(app.app).get(path).set('Accept-Encoding', 'identity').redirects(0);

/**
 * Publishes `change` of the newest content and waits until `watched`'s ETag changes (the stored
 * page re-rendered); fails when the publish changes nothing.
 * @param timeout ms to wait; by default 30 s, generous for a loaded machine (bench:publish
 *   measures the 5 s promise)
 */
export async function publishAndWait(
  app: TestApp,
  change: (content: Content) => void,
  watched: string,
  timeout = 30_000,
): Promise<void> {
  const before = (await getPage(app, watched)).headers['etag'];
  const content = await app.content.read();
  change(content);
  expect(await app.content.publish(content, { author: 'test' })).not.toBeNull();
  await vi.waitFor(
    async () => expect((await getPage(app, watched)).headers['etag']).not.toBe(before),
    { timeout, interval: 50 },
  );
}
