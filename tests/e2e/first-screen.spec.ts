/**
 * The home page inlines only its first screen's CSS and loads the whole stylesheet after the
 * first paint (docs/decisions/018-first-screen-css-on-home.md): what a visitor sees before
 * scrolling must not depend on that stylesheet, and the rest of the page must get it.
 */
import { expect, test } from './support/test.ts';

test('the home page looks the same before the whole stylesheet arrives', async ({
  browser,
  viewport,
}) => {
  const shot = async (withoutStylesheet: boolean) => {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    const page = await context.newPage();
    if (withoutStylesheet) await page.route('**/assets/stylesheet-*.css', (r) => r.abort());
    await page.goto('/');
    await page.locator('html[data-hydrated]').waitFor();
    await page.evaluate(() => document.fonts.ready);
    const image = await page.screenshot({ animations: 'disabled' });
    // The footer's top padding comes from the whole stylesheet only: 0 without it.
    const footerPadding = await page
      .getByRole('contentinfo')
      .locator('> div')
      .first()
      .evaluate((el) => getComputedStyle(el).paddingTop);
    await context.close();
    return { image, footerPadding };
  };
  const without = await shot(true);
  const withIt = await shot(false);
  expect(without.footerPadding, 'the whole stylesheet was kept out').toBe('0px');
  expect(withIt.footerPadding, 'the whole stylesheet arrived after the first paint').not.toBe(
    '0px',
  );
  expect(Buffer.compare(without.image, withIt.image), 'first screens differ').toBe(0);
});

test('below the first screen the home page is styled by the stylesheet it loads', async ({
  page,
}) => {
  await page.goto('/');
  await page.locator('html[data-hydrated]').waitFor();
  // The footer's top padding (`pt-20`, `md:pt-28`) is none of the first screen's CSS.
  const footerBody = page.getByRole('contentinfo').locator('> div').first();
  await expect
    .poll(() => footerBody.evaluate((el) => getComputedStyle(el).paddingTop))
    .toMatch(/^(80|112)px$/);
});
