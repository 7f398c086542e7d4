/**
 * Editing the site's content, end to end, on two production servers sharing one PostgreSQL
 * database (`scripts/lib/two-instances.ts`), as two replicas behind a load balancer run: an
 * editor and a publisher, each invited with the enquiries CLI and signed in with Chromium's
 * virtual authenticator in a browser context of their own
 * (docs/decisions/050-drafts-publish-and-conflicts.md, docs/decisions/053-staff-roles.md).
 *
 * - The editor saves a testimonial's draft; the publish page has no Publish button for them and
 *   a forged post to it is refused (403). The publisher publishes it and both instances serve the
 *   new quote within 5 s with equal bytes and ETags.
 * - A stale save meets the conflict page, the typed text kept; a restore from the history
 *   publishes the old quote again on both instances; an image is uploaded with its alt text.
 * - A second test covers preview, share links (revoked: 404, expired: 410, the expiry written
 *   into the database; the share links page with a live, a revoked and an expired link) and
 *   choosing an uploaded image for a team member.
 *
 * Every test has its own PostgreSQL server and two instances (in `beforeAll`: with
 * `fullyParallel` each test is a group of its own), so the mobile and desktop runs never share
 * data. axe-core on every content page visited, at 375 and 1280 px.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext } from '@playwright/test';
import pg from 'pg';
import sharp from 'sharp';
import { NODE, ROOT } from '../pipeline/support/helpers.ts';
import { startThrowawayPostgres } from '../../scripts/lib/postgres.ts';
import { startTwoInstances, type TwoInstances } from '../../scripts/lib/two-instances.ts';
import { expect, test, type Page, waitsForHydration } from './support/test.ts';
import { expectNoAxeViolations } from './support/site.ts';
import { addPasskeyDevice } from './support/staff-server.ts';

let postgres: Awaited<ReturnType<typeof startThrowawayPostgres>> | undefined;
let two: TwoInstances;

test.beforeAll(async () => {
  // initdb and two server starts on a machine shared with other runs.
  test.setTimeout(180_000);
  postgres = await startThrowawayPostgres();
  two = await startTwoInstances({
    buildDir: resolve(process.env['BUILD_DIR'] ?? './dist'),
    adminUrl: postgres.url,
    env: { STAFF_AREA: 'on', LOG_LEVEL: 'warn', FORM_MIN_FILL_MS: '0' },
  });
});

test.afterAll(async () => {
  await two?.stop();
  postgres?.stop();
});

/** Runs `npm run enquiries -- staff invite …` on the instances' database; the printed link. */
function invite(email: string, name: string, role: 'editor' | 'publisher'): string {
  const run = spawnSync(
    NODE,
    [
      join(ROOT, 'src/server/enquiries/cli.ts'),
      ...['staff', 'invite', '--email', email, '--name', name, '--role', role],
    ],
    { cwd: ROOT, env: { PATH: process.env['PATH'] ?? '', ...two.env }, encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`staff invite ${email}: ${run.stderr}`);
  const link = /https?:\/\/\S+\/staff\/invite\?token=\S+/.exec(run.stdout)?.[0];
  if (!link) throw new Error(`no invite link in:\n${run.stdout}`);
  return link;
}

interface Person {
  context: BrowserContext;
  page: Page;
}

/** A person's own device: a new context with a passkey, enrolled from a CLI invite. */
async function enrolled(
  browser: Browser,
  email: string,
  name: string,
  role: 'editor' | 'publisher',
): Promise<Person> {
  const context = await browser.newContext();
  const page = waitsForHydration(await context.newPage());
  await addPasskeyDevice(page);
  await page.goto(invite(email, name, role));
  await page.getByRole('button', { name: 'Create your passkey' }).click();
  await page.waitForURL(`${two.siteUrl}/staff`);
  return { context, page };
}

/** The first testimonial's page URL and its current quote, reached through the navigation. */
async function openFirstTestimonial(page: Page, axe: boolean): Promise<string> {
  await page.goto(`${two.siteUrl}/staff/content`);
  await expect(page.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
  if (axe) await expectNoAxeViolations(page, 'content index');
  await page.getByRole('link', { name: 'Testimonials' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Testimonials' })).toBeVisible();
  if (axe) await expectNoAxeViolations(page, 'content collection');
  await page.locator('main ol a').first().click();
  await expect(page.getByLabel('Quote')).toBeVisible();
  return page.url();
}

/** Fills the quote, saves the draft and waits for the confirmation. */
async function saveQuote(page: Page, quote: string): Promise<void> {
  await page.getByLabel('Quote').fill(quote);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  await expect(page.getByLabel('Quote')).toHaveValue(quote);
}

/** Ticks the draft whose row holds every text of `rowText` on the publish page and publishes them. */
async function publishRow(page: Page, rowText: string[], note: string): Promise<number> {
  await page.goto(`${two.siteUrl}/staff/content/publish`);
  await expect(page.getByRole('heading', { level: 1, name: 'Publish drafts' })).toBeVisible();
  let row = page.getByRole('row');
  for (const text of rowText) row = row.filter({ hasText: text });
  await row.getByRole('checkbox').check();
  await page.getByLabel('Note (optional)').fill(note);
  await page.getByRole('button', { name: 'Publish the chosen drafts' }).click();
  await page.waitForURL(/\/staff\/content\/history\?published=\d+$/);
  await expect(
    page.getByRole('status').filter({ hasText: /Published release \d+\./ }),
  ).toBeVisible();
  return Number(new URL(page.url()).searchParams.get('published'));
}

/** A small PNG made here (sharp), uploaded at /staff/content/media; the upload's id. */
async function uploadPhoto(page: Page, alt: string): Promise<string> {
  const [r = 0, g = 0, b = 0] = randomBytes(3);
  const png = await sharp({
    // A colour of its own: the same bytes again would be the earlier upload, kept as it was.
    create: { width: 96, height: 96, channels: 3, background: { r, g, b } },
  })
    .png()
    .toBuffer();
  await page.goto(`${two.siteUrl}/staff/content/media`);
  await expect(page.getByRole('heading', { level: 1, name: 'Images' })).toBeVisible();
  await expectNoAxeViolations(page, 'content media');
  await page.getByRole('textbox', { name: 'Alt text' }).fill(alt);
  await page
    .getByLabel('Image file')
    .setInputFiles({ name: 'team-photo.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Uploaded. Its variants are ready to use.' }),
  ).toBeVisible();
  // The image's own row (its edit forms have a row of their own, below it).
  const row = page
    .getByRole('row')
    .filter({ hasText: alt })
    .filter({ has: page.locator('code') });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('96 × 96 px, from PNG');
  const code = await row.locator('code').innerText();
  const id = /^media:(\S+)$/.exec(code.trim())?.[1];
  if (!id) throw new Error(`no media id in ${code}`);
  await expectNoAxeViolations(page, 'content media after an upload');
  return id;
}

test('an editor drafts, a publisher publishes to both instances; conflict, restore, upload', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const editor = await enrolled(browser, `dev.${tag}@kahaani-pr.example`, 'Dev Rao', 'editor');
  const publisher = await enrolled(
    browser,
    `meera.${tag}@kahaani-pr.example`,
    'Meera Nair',
    'publisher',
  );

  // 1. The editor changes the first testimonial's quote and saves a draft.
  const itemUrl = await openFirstTestimonial(editor.page, true);
  const original = await editor.page.getByLabel('Quote').inputValue();
  const editorQuote = `The editor quote for the carousel ${tag}.`;
  await saveQuote(editor.page, editorQuote);
  await expectNoAxeViolations(editor.page, 'content item');
  expect((await two.get(0, '/')).body.toString('utf8')).not.toContain(editorQuote);

  // 2. The publish page lists the draft but offers an editor no Publish button, and a post
  // forged from the editor's page is refused for the role.
  await editor.page.goto(`${two.siteUrl}/staff/content/publish`);
  await expect(
    editor.page.getByRole('heading', { level: 1, name: 'Publish drafts' }),
  ).toBeVisible();
  const editorRow = editor.page.getByRole('row').filter({ hasText: 'You,' });
  await expect(editorRow).toContainText('Changes Quote');
  await expect(editor.page.getByRole('button', { name: /Publish/ })).toHaveCount(0);
  await expect(editor.page.getByText('a publisher puts them on the site')).toBeVisible();
  await expectNoAxeViolations(editor.page, 'content publish (editor)');
  const ref = await editorRow.getByRole('checkbox').getAttribute('value');
  expect(ref).toBeTruthy();
  const forged = await editor.page.evaluate(async (draft) => {
    const body = new URLSearchParams({ intent: 'chosen', draft });
    const r = await fetch('/staff/content/publish', { method: 'POST', body, redirect: 'manual' });
    return { status: r.status, text: await r.text() };
  }, ref ?? '');
  expect(forged.status).toBe(403);
  expect(forged.text).toContain('Not for your role');
  expect((await two.get(1, '/')).body.toString('utf8')).not.toContain(editorQuote);

  // 4. The publisher publishes the editor's draft; both instances serve it within 5 s, the same
  // bytes with the same ETag.
  await publisher.page.goto(`${two.siteUrl}/staff/content/publish`);
  await expectNoAxeViolations(publisher.page, 'content publish (publisher)');
  const first = await publishRow(publisher.page, ['Dev Rao'], `Editor quote ${tag}`);
  expect(first).toBeGreaterThan(1);
  const published = await two.waitForSame('/', (body) => body.includes(editorQuote));
  expect(published.answer.etag).toBeTruthy();
  await expectNoAxeViolations(publisher.page, 'content history');

  // 5. Both open the item; the publisher's change is published first; the editor's save then
  // meets the conflict page with both versions, the typed text kept in the form.
  await editor.page.goto(itemUrl);
  await expect(editor.page.getByLabel('Quote')).toHaveValue(editorQuote);
  await publisher.page.goto(itemUrl);
  const publisherQuote = `The publisher quote that went out first ${tag}.`;
  await saveQuote(publisher.page, publisherQuote);
  const second = await publishRow(publisher.page, ['You,'], `Publisher quote ${tag}`);
  expect(second).toBe(first + 1);
  await two.waitForSame('/', (body) => body.includes(publisherQuote));
  const typed = `The editor typed this on a stale page ${tag}.`;
  await editor.page.getByLabel('Quote').fill(typed);
  await editor.page.getByRole('button', { name: 'Save draft' }).click();
  await expect(editor.page.getByRole('heading', { level: 1, name: /^Not saved/ })).toBeVisible();
  await expect(editor.page.getByRole('cell', { name: publisherQuote })).toBeVisible();
  await expect(editor.page.getByRole('cell', { name: typed })).toBeVisible();
  await expect(editor.page.getByLabel('Quote')).toHaveValue(typed);
  await expectNoAxeViolations(editor.page, 'content conflict');

  // 6. The publisher restores the version of the release before theirs from the history and
  // publishes it: both instances bring the editor's quote back.
  await publisher.page.goto(`${two.siteUrl}/staff/content/history`);
  const release = publisher.page
    .getByRole('listitem')
    .filter({ has: publisher.page.getByText(`Release ${second}`, { exact: true }) });
  await release.getByText('1 item changed').click();
  await release.getByRole('link', { name: `Compare with release ${first}` }).click();
  await expect(publisher.page.getByRole('cell', { name: editorQuote })).toBeVisible();
  await expect(publisher.page.getByRole('cell', { name: publisherQuote })).toBeVisible();
  await expectNoAxeViolations(publisher.page, 'content history diff');
  await publisher.page
    .getByRole('button', { name: `Restore the version of release ${first} as a draft` })
    .click();
  await expect(
    publisher.page.getByRole('status').filter({ hasText: 'The old version is now a draft' }),
  ).toBeVisible();
  await expect(publisher.page.getByLabel('Quote')).toHaveValue(editorQuote);
  const third = await publishRow(publisher.page, ['You,'], `Restored ${tag}`);
  expect(third).toBe(second + 1);
  await two.waitForSame(
    '/',
    (body) => body.includes(editorQuote) && !body.includes(publisherQuote),
  );
  expect(original).not.toBe(editorQuote);

  // 7. The editor uploads a team photo with its alt text (choosing it for a team member is in
  // the test below).
  await uploadPhoto(editor.page, `Dev Rao at the Delhi office, ${tag}`);

  await editor.context.close();
  await publisher.context.close();
});

/** The one `?preview=` URL shown on `page` (a link, a field's value or text). */
async function previewLinkOn(page: Page): Promise<URL> {
  const found = await page.evaluate(() => {
    const texts = [
      document.body.innerText,
      ...[...document.querySelectorAll('input, textarea')].map(
        (e) => (e as HTMLInputElement).value,
      ),
      ...[...document.querySelectorAll('a')].map((a) => a.href),
    ];
    return texts.join('\n').match(/https?:\/\/[^\s"'<>]+[?&]preview=[^\s"'<>&]+/g) ?? [];
  });
  const links = [...new Set(found)];
  expect(links, 'one share link on the page').toHaveLength(1);
  return new URL(links[0]!);
}

/** Picks the option of `select` for the home page (text "Home" or value "/"). */
async function chooseHome(page: Page, label: string): Promise<void> {
  const select = page.getByLabel(label);
  await expect(select).toBeEnabled();
  const options = await select
    .locator('option')
    .evaluateAll((os) =>
      os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? '' })),
    );
  const home = options.find((o) => o.value === '/' || /home/i.test(o.text));
  if (!home) throw new Error(`no home page among ${JSON.stringify(options)}`);
  await select.selectOption(home.value);
}

/**
 * Ages every share link of this test's database past its end: the column named like `expires`
 * of the table named like `share`, an instant (timestamp) or epoch milliseconds.
 */
async function expireShareLinks(): Promise<void> {
  // Share links end at `expires_at`, epoch ms (migration 230, src/server/content/previews.ts).
  const client = new pg.Client({ connectionString: two.databaseUrl });
  await client.connect();
  try {
    const done = await client.query(
      'UPDATE content_previews SET expires_at = $1 WHERE shared = 1 AND revoked_at IS NULL',
      [Date.now() - 60_000],
    );
    expect(done.rowCount).toBeGreaterThan(0);
  } finally {
    await client.end();
  }
}

// The publish page's Preview and Create share link, /staff/content/previews, and the image
// field's radio group of uploads.
test('preview a draft, share it, revoke and expire the link; choose an uploaded team photo', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const editor = await enrolled(browser, `asha.${tag}@kahaani-pr.example`, 'Asha Iyer', 'editor');
  const publisher = await enrolled(
    browser,
    `kabir.${tag}@kahaani-pr.example`,
    'Kabir Sen',
    'publisher',
  );
  await openFirstTestimonial(editor.page, false);
  const draftQuote = `A quote only a preview shows ${tag}.`;
  await saveQuote(editor.page, draftQuote);

  // 3a. Preview: the chosen draft on the public page with the preview bar, nowhere else.
  // Reduced motion, as tests/e2e/a11y.spec.ts scans the public pages: the settled design.
  await editor.page.emulateMedia({ reducedMotion: 'reduce' });
  const publish = `${two.siteUrl}/staff/content/publish`;
  await editor.page.goto(publish);
  const mine = editor.page.getByRole('row').filter({ hasText: 'You,' }).getByRole('checkbox');
  // An editor may choose drafts to preview (the Publish button stays a publisher's).
  await expect(mine).toBeEnabled();
  await mine.check();
  await chooseHome(editor.page, 'Show on page');
  await expectNoAxeViolations(editor.page, 'content publish with preview');
  const previewButton = editor.page.getByRole('button', { name: 'Preview', exact: true });
  await expect(previewButton).toBeVisible();
  const popup = editor.context.waitForEvent('page', { timeout: 15_000 }).catch(() => null);
  await previewButton.click();
  const preview = await Promise.race([
    popup,
    editor.page.waitForURL(/[?&]preview=/, { timeout: 15_000 }).then(
      () => editor.page,
      () => null,
    ),
  ]);
  if (!preview) throw new Error('Preview opened no page');
  await preview.waitForURL(/[?&]preview=/);
  expect(new URL(preview.url()).pathname).toBe('/');
  await expect(preview.getByText('Preview — not published.')).toBeVisible();
  expect(await preview.content()).toContain(draftQuote);
  await expectNoAxeViolations(preview, 'preview of the home page');
  expect((await two.get(0, '/')).body.toString('utf8')).not.toContain(draftQuote);

  // 3b. A share link works without a session, on either instance.
  await editor.page.goto(publish);
  await expect(mine).toBeEnabled();
  await mine.check();
  await chooseHome(editor.page, 'Show on page');
  await expect(editor.page.getByLabel('Link works for')).toBeEnabled();
  await editor.page.getByLabel('Link works for').selectOption({ index: 0 });
  await expect(editor.page.getByRole('button', { name: 'Create share link' })).toBeVisible();
  await editor.page.getByRole('button', { name: 'Create share link' }).click();
  await expect(editor.page.getByText('Share link', { exact: true })).toBeVisible();
  const shared = await previewLinkOn(editor.page);
  await expectNoAxeViolations(editor.page, 'content publish with a share link');
  const anonymous = await browser.newContext();
  const visitor = waitsForHydration(await anonymous.newPage());
  await visitor.goto(shared.toString());
  await expect(visitor.getByText('Preview — not published.')).toBeVisible();
  expect(await visitor.content()).toContain(draftQuote);
  const sharedPath = `${shared.pathname}${shared.search}`;
  for (const i of [0, 1] as const) {
    const answer = await two.get(i, sharedPath);
    expect(answer.status, `instance ${i}`).toBe(200);
    expect(answer.body.toString('utf8')).toContain(draftQuote);
  }

  // 3c. Revoked on /staff/content/previews: the link answers 404.
  await editor.page.goto(`${two.siteUrl}/staff/content/previews`);
  await expectNoAxeViolations(editor.page, 'content previews');
  const revoke = editor.page.getByRole('button', { name: /Revoke/ });
  await expect(revoke).toHaveCount(1);
  await revoke.click();
  await expect(editor.page.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  await expect(
    editor.page.getByRole('status').filter({ hasText: 'Revoked: the link no longer opens.' }),
  ).toBeVisible();
  await expect(editor.page.getByRole('cell', { name: /^Revoked / })).toHaveCount(1);
  await expectNoAxeViolations(editor.page, 'content previews after a revoke');
  for (const i of [0, 1] as const) expect((await two.get(i, sharedPath)).status).toBe(404);
  expect((await visitor.goto(shared.toString()))?.status()).toBe(404);

  // 3d. Expired (its end written into the database): the link answers 410.
  await editor.page.goto(publish);
  await expect(mine).toBeEnabled();
  await mine.check();
  await chooseHome(editor.page, 'Show on page');
  await expect(editor.page.getByLabel('Link works for')).toBeEnabled();
  await editor.page.getByLabel('Link works for').selectOption({ index: 0 });
  await expect(editor.page.getByRole('button', { name: 'Create share link' })).toBeVisible();
  await editor.page.getByRole('button', { name: 'Create share link' }).click();
  await expect(editor.page.getByText('Share link', { exact: true })).toBeVisible();
  const expiring = await previewLinkOn(editor.page);
  const expiringPath = `${expiring.pathname}${expiring.search}`;
  expect((await two.get(0, expiringPath)).status).toBe(200);
  await expireShareLinks();
  for (const i of [0, 1] as const) expect((await two.get(i, expiringPath)).status).toBe(410);
  await anonymous.close();
  // The share links page: one link revoked, one expired, nothing left to revoke.
  await editor.page.goto(`${two.siteUrl}/staff/content/previews`);
  await expect(editor.page.getByRole('cell', { name: /^Expired / })).toHaveCount(1);
  await expect(editor.page.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  await expectNoAxeViolations(editor.page, 'content previews with an expired link');

  // 7. An uploaded photo chosen for a team member, published: /about shows it (its alt text).
  const alt = `Asha Iyer at the Delhi office, ${tag}`;
  const id = await uploadPhoto(editor.page, alt);
  await editor.page.goto(`${two.siteUrl}/staff/content/team`);
  await editor.page.locator('main ol a').first().click();
  const photo = editor.page.locator(`input[type="radio"][value="media:${id}"]`);
  await expect(photo).toBeEnabled();
  await photo.check();
  await expectNoAxeViolations(editor.page, 'team item with uploaded images');
  await editor.page.getByRole('button', { name: 'Save draft' }).click();
  await expect(editor.page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  await expect(photo).toBeChecked();
  await publishRow(publisher.page, ['Asha Iyer', '(Team)'], `Team photo ${tag}`);
  await two.waitForSame('/about', (body) => body.includes(alt));

  await editor.context.close();
  await publisher.context.close();
});
