/**
 * Without JavaScript (docs/product.md#without-javascript): every page still works — the header links
 * are reachable at 375px, all six testimonials and four awards are readable, the stats show
 * their final values and the footer has the build-time year. The form's no-JS POST is covered by
 * tests/e2e/contact-form.spec.ts.
 */
import { expect, test } from './support/test.ts';
import { PAGES, site } from './support/site.ts';

test.use({ javaScriptEnabled: false });

test('header links are reachable without JavaScript on every page', async ({ page }) => {
  for (const { path } of PAGES) {
    await page.goto(path);
    const banner = page.getByRole('banner');
    for (const { label } of site.nav) {
      await expect(banner.getByRole('link', { name: label, exact: true }), path).toBeVisible();
    }
    await expect(banner.getByRole('link', { name: 'Contact Us' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  }
});

test('testimonials and awards are all readable without JavaScript', async ({ page }) => {
  for (const path of ['/', '/about']) {
    await page.goto(path);
    const slides = page.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(6);
    for (const slide of await slides.all()) await expect(slide).toBeVisible();
    // The awards window scrolls natively instead of through Previous/Next.
    await expect(page.getByRole('button', { name: 'Next awards' })).toBeHidden();
    const awards = page.locator('[aria-roledescription="carousel"]', {
      hasNot: page.locator('[aria-roledescription="slide"]'),
    });
    await expect(awards.getByRole('listitem')).toHaveCount(4);
  }
});

test('footer shows a year without JavaScript', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('contentinfo')).toContainText(/© 20\d\d/);
});
