/**
 * A collection's list in Chromium at both widths (docs/decisions/130-lists-staff-recognise.md),
 * on a private production server (`support/staff-server.ts`):
 *
 * - a row dragged by its handle with the mouse, then moved back and again by the keyboard
 *   (Space, arrow keys, Space), gives the same order, saved as drafts and there after a reload,
 *   each drop announced;
 * - a removal undone from the notice brings the item back to its place; a never-published item,
 *   removed at once, comes back as the same draft;
 * - an image uploaded from inside an item's Photo field is chosen there, the typed text kept;
 * - axe-core (WCAG 2.2 A/AA) on the list with its handles, with the removal's notice, and on the
 *   images page; no CSP violation, page error or hydration warning.
 */
import type { Locator } from '@playwright/test';
import sharp from 'sharp';
import { expect, test, type Page, waitsForHydration } from './support/test.ts';
import { expectNoAxeViolations } from './support/site.ts';
import { useStaffServer, watch } from './support/staff-server.ts';

const server = useStaffServer();

/** The titles of the list's rows, in order (the removed ones apart). */
const titles = (page: Page) => page.locator('main ol').first().locator('li a').allTextContents();
const handle = (page: Page, title: string): Locator =>
  page.getByRole('button', { name: `Drag to move “${title}”` });
const moved = (list: readonly string[], from: number, to: number) => {
  const out = [...list];
  out.splice(to, 0, ...out.splice(from, 1));
  return out;
};

test('reorder by drag and drop and by keyboard alike; remove, then undo; upload from the item form', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = testInfo.project.name;
  const context = await browser.newContext();
  const page = waitsForHydration(await context.newPage());
  const problems = watch(page, []);
  await server.enrol(page, server.invite(`lena.lists.${tag}@kahaani-pr.example`, 'Lena Fernandes'));

  const list = `${server.origin}/staff/content/testimonials`;
  await page.goto(list);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  const before = await titles(page);
  expect(before.length).toBeGreaterThan(3);
  await expect(handle(page, before[0]!)).toBeVisible();
  await expectNoAxeViolations(page, `lists testimonials ${tag}`);
  await page.screenshot({ path: testInfo.outputPath(`lists-${tag}.png`), fullPage: true });

  // The mouse drags the first row by its handle until the row's middle is on the third row's.
  const rows = page.locator('main ol').first().locator('> li');
  // At the top of the viewport, away from the edges where dragging scrolls the page.
  await rows.nth(0).evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const from = (await handle(page, before[0]!).boundingBox())!;
  const [first, third] = [(await rows.nth(0).boundingBox())!, (await rows.nth(2).boundingBox())!];
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  const dy = third.y + third.height / 2 - (first.y + first.height / 2);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 10, { steps: 4 });
  await page.mouse.move(x, y + dy, { steps: 12 });
  await page.mouse.up();
  const dragged = moved(before, 0, 2);
  await expect.poll(() => titles(page)).toEqual(dragged);
  await page.reload();
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await expect.poll(() => titles(page)).toEqual(dragged);

  // The keyboard takes it back up two places, then down two again: the order the drag made.
  const byKeys = async (key: 'ArrowUp' | 'ArrowDown', places: number[], expected: string[]) => {
    const said = (text: string | RegExp) => expect(page.getByText(text)).toHaveCount(1);
    await handle(page, before[0]!).focus();
    await page.keyboard.press('Space');
    await said(`Picked up “${before[0]}”, in place ${places[0]} of ${before.length}.`);
    for (const place of places.slice(1)) {
      await page.keyboard.press(key);
      await said(`“${before[0]}” is over place ${place} of ${before.length}.`);
    }
    await page.keyboard.press('Space');
    await said(
      `“${before[0]}” dropped in place ${places.at(-1)} of ${before.length}. The new order is saved as a draft.`,
    );
    await expect.poll(() => titles(page)).toEqual(expected);
    await page.reload();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    await expect.poll(() => titles(page)).toEqual(expected);
  };
  await byKeys('ArrowUp', [3, 2, 1], before);
  await byKeys('ArrowDown', [1, 2, 3], dragged);

  // Remove, then Undo from the notice: the item is back where it was.
  const gone = dragged[1]!;
  await page.getByRole('button', { name: `Remove “${gone}”` }).click();
  await page.waitForURL(/\?removed=/);
  const notice = page.getByRole('status').filter({ hasText: 'will be removed from the site' });
  await expect(notice).toBeVisible();
  expect(await titles(page)).not.toContain(gone);
  await expectNoAxeViolations(page, `lists removed ${tag}`);
  await page.screenshot({ path: testInfo.outputPath(`lists-removed-${tag}.png`), fullPage: true });
  await notice.getByRole('button', { name: `Undo removing “${gone}”` }).click();
  await page.waitForURL(/\?restored=/);
  await expect(page.getByText(`“${gone}” is back in the list, as published.`)).toBeVisible();
  await expect.poll(() => titles(page)).toEqual(dragged);

  // A list with images: each row's thumbnail.
  await page.goto(`${server.origin}/staff/content/team`);
  await expect(page.locator('main ol img').first()).toBeVisible();
  await expectNoAxeViolations(page, `lists team ${tag}`);
  await page.screenshot({ path: testInfo.outputPath(`lists-team-${tag}.png`), fullPage: true });

  // An upload from inside the Photo field: the typed text stays, the new image is chosen.
  await page.locator('main ol a').first().click();
  await page.waitForURL(/\/staff\/content\/team\/items\//);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  const typed = `Typed before the upload (${tag})`;
  await page.getByLabel('Job title').fill(typed);
  const upload = page.getByRole('group', { name: 'Upload a new image here' });
  await upload.getByLabel('Alt text').fill(`A portrait for the team page (${tag})`);
  const colour = tag === 'mobile' ? '#0f766e' : '#7c2d12';
  const bytes = await sharp({
    create: { width: 300, height: 400, channels: 3, background: colour },
  })
    .png()
    .toBuffer();
  await upload
    .getByLabel('Image file')
    .setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: bytes });
  await upload.getByRole('button', { name: 'Upload and choose it' }).click();
  await expect(upload.getByRole('status')).toHaveText(/^Uploaded\..* It is chosen here\.$/);
  await expect(
    page.getByRole('radio', { name: `A portrait for the team page (${tag})` }),
  ).toBeChecked();
  await expect(page.getByLabel('Job title')).toHaveValue(typed);
  await expectNoAxeViolations(page, `lists item upload ${tag}`);
  await page.screenshot({
    path: testInfo.outputPath(`lists-item-upload-${tag}.png`),
    fullPage: true,
  });
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();

  // The images page: where each image is used, its alt text and focal point to change.
  await page.goto(`${server.origin}/staff/content/media`);
  await expect(page.getByText(/Team: “[^”]+” \(in a draft\)/).first()).toBeVisible();
  await page.getByText('Edit alt text').first().click();
  await page.getByText('Focal point for crops').first().click();
  await expectNoAxeViolations(page, `lists media ${tag}`);
  await page.screenshot({ path: testInfo.outputPath(`lists-media-${tag}.png`), fullPage: true });
  expect(problems).toEqual([]);
  await context.close();
});

test('a never-published item removed from its list comes back from the notice’s Undo', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = testInfo.project.name;
  const context = await browser.newContext();
  const page = waitsForHydration(await context.newPage());
  const problems = watch(page, []);
  await server.enrol(page, server.invite(`lena.undo.${tag}@kahaani-pr.example`, 'Lena Fernandes'));
  const author = `A client not yet published (${tag})`;
  await page.goto(`${server.origin}/staff/content/testimonials/new`);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await page.getByLabel('Short name for links').fill(`never-published-${tag}`);
  await page.getByLabel('Quote').fill('Words nobody has published yet.');
  await page.getByLabel('Author').fill(author);
  await page.getByLabel('Their role').fill('Founder, a tea brand');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await page.waitForURL(/\/items\//);

  await page.goto(`${server.origin}/staff/content/testimonials`);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await page.getByRole('button', { name: `Remove “${author}”` }).click();
  const notice = page.getByRole('status').filter({ hasText: 'was never published' });
  // In view though the row was the list's last, far down a phone's page.
  await expect(notice).toBeInViewport();
  // The list is read again after the removal's answer: poll, as the other list checks do.
  await expect.poll(() => titles(page)).not.toContain(author);
  await expectNoAxeViolations(page, `lists never published removed ${tag}`);
  await page.screenshot({ path: testInfo.outputPath(`lists-never-published-${tag}.png`) });
  await notice.getByRole('button', { name: `Undo removing “${author}”` }).click();
  await page.waitForURL(/\?restored=/);
  await expect(page.getByText(`“${author}” is back in the list, as a draft.`)).toBeVisible();
  await expect.poll(() => titles(page)).toContain(author);
  expect(problems).toEqual([]);
  await context.close();
});
