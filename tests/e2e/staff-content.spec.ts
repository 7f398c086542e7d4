/**
 * The content editor in Chromium, end to end, on a private production server
 * (`support/staff-server.ts`), two people signed in with Chromium's virtual authenticator in two
 * browser contexts (docs/decisions/050-drafts-publish-and-conflicts.md):
 *
 * - Meera edits a testimonial's quote, saves the draft, publishes it, and sees the release in the
 *   history;
 * - Ravi, whose page was drawn before, saves his own quote: the conflict page shows the published
 *   quote and his typed one side by side, his text kept in the form;
 * - Meera makes words bold in the founder's bio with the editor's toolbar and saves the draft
 *   (docs/decisions/058-rich-text-and-image-fields-in-item-forms.md);
 * - Asha writes a project's description by keyboard alone: the toolbar in the Tab order, bold by
 *   its shortcut, a link from the Link button, a list, and Tab out of the field;
 * - axe-core (WCAG 2.2 A/AA) on every content screen at 375 and 1280 px, and no CSP violation,
 *   page error or hydration warning: also in the states a post leaves behind — an item, a new
 *   item, an upload and a publish refused (each message beside its field or above the list), and
 *   the publish page with a scheduled release (docs/decisions/055-scheduled-publishing.md).
 */
import type { Browser, TestInfo } from '@playwright/test';
import { expect, test, type Page, waitsForHydration } from './support/test.ts';
import { expectNoAxeViolations } from './support/site.ts';
import { useStaffServer, watch } from './support/staff-server.ts';

const server = useStaffServer();

/** A new browser context with a passkey device, enrolled from an invite and signed in. */
async function signedIn(browser: Browser, email: string, name: string) {
  const context = await browser.newContext();
  const page = waitsForHydration(await context.newPage());
  const problems = watch(page, [400, 409]);
  await server.enrol(page, server.invite(email, name));
  return { context, page, problems };
}

/** Signed in as Asha Rao (`who` names her address), on the `n`th case study's editing page, hydrated. */
async function onCaseStudy(browser: Browser, who: string, n: number) {
  const signed = await signedIn(browser, `asha.${who}@kahaani-pr.example`, 'Asha Rao');
  await signed.page.goto(`${server.origin}/staff/content/case-studies`);
  await signed.page.locator('main ol a').nth(n).click();
  await expect(signed.page.locator('html[data-hydrated]')).toHaveCount(1);
  return signed;
}

async function check(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await expectNoAxeViolations(page, `content ${name}`);
  await page.screenshot({
    path: testInfo.outputPath(`content-${name}-${testInfo.project.name}.png`),
    fullPage: true,
  });
}

test('edit a quote, save the draft, publish it; a stale save meets the conflict page', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = testInfo.project.name;
  const meera = await signedIn(browser, `meera.content.${tag}@kahaani-pr.example`, 'Meera Nair');
  const ravi = await signedIn(browser, `ravi.content.${tag}@kahaani-pr.example`, 'Ravi Kumar');

  // Ravi opens the first testimonial and leaves the page open.
  await ravi.page.goto(`${server.origin}/staff/content/testimonials`);
  await ravi.page.locator('main ol a').first().click();
  await expect(ravi.page.getByLabel('Quote')).toBeVisible();
  const itemUrl = ravi.page.url();
  const original = await ravi.page.getByLabel('Quote').inputValue();

  // Meera edits it from the staff navigation.
  const { page } = meera;
  await page
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name: 'Content' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
  await check(page, testInfo, 'index');
  await page.getByRole('link', { name: 'Testimonials' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Testimonials' })).toBeVisible();
  await check(page, testInfo, 'collection');
  await page.goto(itemUrl);
  // Typing before hydration would race React taking the form over on a loaded machine.
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  const quote = `Meera's quote for the carousel (${tag}).`;
  // Blanks only: the form trims what it reads.
  await page.getByLabel('Quote').fill('   ');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('must not be empty')).toBeVisible();
  await expect(page.getByLabel('Quote')).toHaveAttribute('aria-invalid', 'true');
  await check(page, testInfo, 'item-refused');
  await page.getByLabel('Quote').fill(quote);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  await check(page, testInfo, 'item');

  // Publish it.
  await page.goto(`${server.origin}/staff/content/publish`);
  await check(page, testInfo, 'publish');
  // Nothing chosen: refused, the reason above the list.
  await page.getByRole('button', { name: 'Publish the chosen drafts' }).click();
  await expect(page.getByText('Choose at least one draft to publish.')).toBeVisible();
  await check(page, testInfo, 'publish-refused');
  const row = page
    .getByRole('row')
    .filter({ hasText: 'Changes Quote' })
    .filter({ hasText: 'You,' });
  await row.getByRole('checkbox').check();
  await page.getByLabel('Note (optional)').fill(`New quote (${tag})`);
  await page.getByRole('button', { name: 'Publish the chosen drafts' }).click();
  await page.waitForURL(/\/staff\/content\/history\?published=\d+$/);
  const release = new URL(page.url()).searchParams.get('published');
  await expect(
    page.getByRole('status').filter({ hasText: /Published release \d+\./ }),
  ).toBeVisible();
  await expect(page.getByText(`New quote (${tag})`)).toBeVisible();
  await page
    .getByText(/1 item changed/)
    .first()
    .click();
  await page
    .getByRole('link', { name: /Compare with release/ })
    .first()
    .click();
  await expect(page.getByRole('cell', { name: quote })).toBeVisible();
  await expect(page.getByRole('cell', { name: original })).toBeVisible();
  await check(page, testInfo, 'history');

  // Ravi's page was drawn before that release: his save is refused, both texts shown.
  const mine = `Ravi's quote, typed on an old page (${tag}).`;
  await ravi.page.getByLabel('Quote').fill(mine);
  await ravi.page.getByRole('button', { name: 'Save draft' }).click();
  await expect(ravi.page.getByRole('heading', { level: 1, name: /^Not saved/ })).toBeVisible();
  await expect(ravi.page.getByRole('cell', { name: quote })).toBeVisible();
  await expect(ravi.page.getByRole('cell', { name: mine })).toBeVisible();
  await expect(ravi.page.getByLabel('Quote')).toHaveValue(mine);
  // One release named everywhere on the page: the newest, the one that made the conflict.
  await expect(
    ravi.page.getByText(`This item was published again (release ${release})`),
  ).toBeVisible();
  const named = (await ravi.page.locator('main').innerText()).match(/release \d+/g) ?? [];
  expect(named.length).toBeGreaterThan(1);
  expect(new Set(named)).toEqual(new Set([`release ${release}`]));
  await check(ravi.page, testInfo, 'conflict');
  // Saving his on top of the newer version is his explicit choice.
  await ravi.page.getByRole('button', { name: 'Save mine anyway' }).click();
  await expect(ravi.page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  await expect(ravi.page.getByLabel('Quote')).toHaveValue(mine);

  // Meera schedules Ravi's draft: the publish page lists it under Scheduled, with Cancel.
  await page.goto(`${server.origin}/staff/content/publish`);
  await page.getByRole('row').filter({ hasText: 'Ravi Kumar' }).getByRole('checkbox').check();
  await page.getByLabel('Publish at (India time)').fill('2030-06-01T10:00');
  await page.getByRole('button', { name: 'Schedule the chosen drafts' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Scheduled: the drafts wait below' }),
  ).toBeVisible();
  const scheduled = page.getByRole('table', { name: 'Scheduled releases' });
  await expect(scheduled.getByRole('row').filter({ hasText: 'Meera Nair' })).toHaveCount(1);
  await expect(scheduled.getByRole('button', { name: /^Cancel the schedule of / })).toHaveCount(1);
  await check(page, testInfo, 'publish-scheduled');

  expect([...meera.problems, ...ravi.problems]).toEqual([]);
  await meera.context.close();
  await ravi.context.close();
});

test('type bold text into the founder’s bio with the toolbar and save it', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = testInfo.project.name;
  const { page, problems, context } = await signedIn(
    browser,
    `meera.bio.${tag}@kahaani-pr.example`,
    'Meera Nair',
  );
  await page.goto(`${server.origin}/staff/content`);
  await page.getByRole('link', { name: 'Images' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Images' })).toBeVisible();
  await check(page, testInfo, 'media');
  // Alt text but no file: the upload route sends the page back with the message beside the file
  // field and the alt text as typed.
  const alt = `A photo not chosen yet (${tag})`;
  await page.getByRole('textbox', { name: 'Alt text' }).fill(alt);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('The image was not uploaded: see the messages below.')).toBeVisible();
  // The browser posts an empty file part: `empty` (src/lib/media.ts), as `no-file` asks for one.
  await expect(page.getByText(/choose an image file/i)).toBeVisible();
  await expect(page.getByLabel('Image file')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('textbox', { name: 'Alt text' })).toHaveValue(alt);
  await check(page, testInfo, 'media-refused');

  // A new testimonial refused by its schema: the messages beside the fields, the typed text kept.
  await page.getByRole('link', { name: 'Content', exact: true }).last().click();
  await page.getByRole('link', { name: 'Testimonials' }).click();
  await page.getByRole('link', { name: 'Add an item' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'New item: Testimonials' }),
  ).toBeVisible();
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await check(page, testInfo, 'new');
  const typed = `A quote for a testimonial not yet saved (${tag}).`;
  await page.getByLabel('Short name for links').fill('Not A Slug');
  await page.getByLabel('Quote').fill(typed);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Not saved: correct the fields marked below.')).toBeVisible();
  await expect(page.getByLabel('Short name for links')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Use a lowercase kebab-case id')).toBeVisible();
  await expect(page.getByLabel('Author')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Short name for links')).toHaveValue('Not A Slug');
  await expect(page.getByLabel('Quote')).toHaveValue(typed);
  await check(page, testInfo, 'new-refused');

  await page.goto(`${server.origin}/staff/content`);
  await page.getByRole('link', { name: 'Founder' }).click();
  await page.locator('main ol a').first().click();
  // Typing before hydration would go into the plain-text field the editor then replaces.
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  const bio = page.getByRole('textbox', { name: 'Bio' });
  await expect(page.getByRole('button', { name: 'Bold' })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Portrait' })).toBeVisible();
  await check(page, testInfo, 'item-rich-text');
  await bio.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bold' }).click();
  // The toolbar hands the focus back to the editor after its command: keys typed sooner are lost.
  await expect(bio).toBeFocused();
  await expect(page.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
  const words = `Bold words (${tag})`;
  await page.keyboard.type(words);
  // The editor made the words bold before they are saved.
  await expect(bio.locator('strong')).toHaveText(words);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  // The saved draft comes back bold once the editor has taken over the redrawn form again.
  await expect(bio.locator('strong')).toHaveText(words, { timeout: 15_000 });
  // The portrait was kept: its drawing is still the chosen value.
  await expect(page.getByRole('radio', { name: /Keep the current drawing/ })).toBeChecked();
  expect(problems).toEqual([]);
  await context.close();
});

test('the rich-text editor by keyboard alone: bold, a link, a list, out again, saved', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = testInfo.project.name;
  const { page, problems, context } = await onCaseStudy(browser, `keys.${tag}`, 0);
  const editor = page.getByRole('textbox', { name: 'Summary' }).first();
  const toolbar = page.getByRole('group', { name: 'Formatting' }).first();
  const button = (name: string) => toolbar.getByRole('button', { name, exact: true });
  // The editor's chunk loads once the page has hydrated: on a busy machine that takes seconds.
  await expect(button('Bold')).toBeVisible({ timeout: 15_000 });

  // The toolbar's buttons, then the text, in the Tab order.
  await button('Bold').focus();
  for (const name of ['Italic', 'Bulleted list', 'Numbered list', 'Link']) {
    await page.keyboard.press('Tab');
    await expect(button(name)).toBeFocused();
  }
  await page.keyboard.press('Tab');
  await expect(editor).toBeFocused();

  // Bold by its shortcut.
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('Bold by keys');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' then plain.');
  await expect(editor.locator('strong').last()).toHaveText('Bold by keys');
  await expect(button('Bold')).toHaveAttribute('aria-pressed', 'false');

  // A link: select the words, back to the Link button, type the address, Enter.
  await page.keyboard.press('Enter');
  await page.keyboard.type('Read the brief');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('Shift+Tab');
  await expect(button('Link')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Link address' })).toBeFocused();
  await page.keyboard.type('https://example.com/brief');
  await page.keyboard.press('Enter');
  await expect(editor).toBeFocused();
  await expect(editor.locator('a[href="https://example.com/brief"]')).toHaveText('Read the brief');

  // A bulleted list by its shortcut; Enter on an empty item leaves the list, Tab leaves the field.
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+Shift+8');
  await page.keyboard.type('A point');
  await expect(editor.locator('ul li').last()).toHaveText('A point');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  // Tab leaves the field at once, even from a paragraph right after a list, the text unchanged.
  const before = await editor.innerHTML();
  await page.keyboard.press('Tab');
  await expect(editor).not.toBeFocused();
  expect(await editor.innerHTML()).toBe(before);

  await page.getByRole('button', { name: 'Save draft' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  // All three came back from the server in the redrawn editor.
  await expect(editor.locator('strong').last()).toHaveText('Bold by keys', { timeout: 15_000 });
  await expect(editor.locator('a[href="https://example.com/brief"]')).toHaveText('Read the brief');
  await expect(editor.locator('ul li').last()).toHaveText('A point');
  expect(problems).toEqual([]);
  await context.close();
});

test('a case study’s story takes headings and a quotation, which its summary does not offer', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = testInfo.project.name;
  const { page, problems, context } = await onCaseStudy(browser, `headings.${tag}`, 1);
  const toolbars = page.getByRole('group', { name: 'Formatting' });
  const story = page.getByRole('textbox', { name: /^The story/ });
  await expect(story).toBeVisible();
  await expect(toolbars.first().getByRole('button', { name: 'Heading', exact: true })).toHaveCount(
    0,
  );
  const toolbar = toolbars.last();
  for (const name of ['Heading', 'Subheading', 'Quotation']) {
    await expect(toolbar.getByRole('button', { name, exact: true })).toBeVisible();
  }

  await story.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Heading', exact: true }).click();
  await page.keyboard.type('What came of it');
  await expect(story.locator('h2')).toHaveText('What came of it');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+Shift+b');
  await page.keyboard.type('They rang us first.');
  await expect(story.locator('blockquote')).toHaveText('They rang us first.');

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  await expect(story.locator('h2')).toHaveText('What came of it', { timeout: 15_000 });
  await expect(story.locator('blockquote')).toHaveText('They rang us first.');
  expect(problems).toEqual([]);
  await context.close();
});

test('unsaved changes: the draft saves itself after a pause, and leaving first asks', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = testInfo.project.name;
  const { page, problems, context } = await signedIn(
    browser,
    `nisha.autosave.${tag}@kahaani-pr.example`,
    'Nisha Rao',
  );
  // The autosave's pause and the status's time run on Playwright's clock.
  await page.clock.install();
  await page.goto(`${server.origin}/staff/content/network`);
  await page.locator('main ol a').last().click();
  await page.waitForURL(/\/staff\/content\/network\/items\//);
  await expect(page.getByLabel('City')).toBeVisible();
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  // Time stands still from here until the test moves it: no autosave before it is asked for.
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
  const itemUrl = page.url();
  const city = page.getByLabel('City');
  const status = page.getByRole('group', { name: 'Save and publish' }).getByRole('status');
  const typed = `Pune (${tag})`;
  await city.fill(typed);
  await expect(status).toHaveText('Unsaved changes: the draft saves by itself when you pause.');

  // Closing the tab asks first (the browser's own warning); dismissed, the page stays.
  const asked = new Promise<string>((resolve) => {
    page.once('dialog', (d) => {
      resolve(d.type());
      void d.dismiss();
    });
  });
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
  expect(page.isClosed()).toBe(false);

  // A link inside the staff pages asks first too; staying keeps the text.
  await city.evaluate((el) => el.setAttribute('data-drawn-before', ''));
  await page.getByRole('link', { name: 'Back to Network' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Stay on this page' })).toBeFocused();
  // axe waits on timers: time runs again (an autosave may come now, the dialog stays).
  await page.clock.resume();
  await check(page, testInfo, 'leave-dialog');
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(dialog).toBeHidden();
  expect(page.url()).toBe(itemUrl);
  await expect(city).toHaveValue(typed);

  // A pause: the draft saves itself, the fields left as they are (the same element, not redrawn).
  await page.clock.runFor(3_500);
  await expect(status).toHaveText(/^Draft saved by itself at /);
  await expect(city).toHaveValue(typed);
  await expect(city).toHaveAttribute('data-drawn-before', '');
  // Saved, nothing to lose: a link leaves at once.
  await page.getByRole('link', { name: 'Back to Network' }).click();
  await page.waitForURL(`${server.origin}/staff/content/network`);

  // The autosaved draft outlives the tab: a new one opens it.
  await page.close();
  const again = waitsForHydration(await context.newPage());
  await again.goto(itemUrl);
  await expect(again.getByLabel('City')).toHaveValue(typed);
  await expect(again.getByText(/^Draft, saved by you at /)).toBeVisible();

  // Unsaved again, leaving anyway: the typed text is dropped, the saved draft kept.
  await expect(again.locator('html[data-hydrated]')).toHaveCount(1);
  await again.getByLabel('City').fill('Not kept');
  await again.getByRole('link', { name: 'Back to Network' }).click();
  await again
    .getByRole('dialog', { name: 'Leave without saving?' })
    .getByRole('button', { name: 'Leave without saving' })
    .click();
  await again.waitForURL(`${server.origin}/staff/content/network`);
  await again.goto(itemUrl);
  await expect(again.getByLabel('City')).toHaveValue(typed);
  expect(problems).toEqual([]);
  await context.close();
});
