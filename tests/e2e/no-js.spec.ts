/**
 * Without JavaScript: every page still works — the header links are reachable at 375px, all six
 * testimonials and four awards are readable, the stats show their final values, the footer has
 * the build-time year, and an enquiry is stored and queued for delivery even when the time
 * trap's start request never happens (CSS images off; decision 009). The form's no-JS POST in
 * detail is covered by tests/e2e/contact-form.spec.ts.
 */
import { execFileSync } from 'node:child_process';
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

test('an enquiry without JavaScript and without the start request is stored and queued', async ({
  page,
  context,
}, info) => {
  // As if CSS images were off: the stylesheet's request for the start cookie never arrives.
  await page.route('**/api/enquiries/start', (route) => route.abort());
  await page.goto('/');
  const subject = `No-JS no start ${info.project.name} ${Date.now()}`;
  await page.locator('#home-contact-name').fill('Asha Verma');
  await page.locator('#home-contact-email').fill('asha@example.com');
  await page.locator('#home-contact-subject').fill(subject);
  await page.locator('#home-contact-message').fill('We are launching in March.');
  expect((await context.cookies()).some((c) => c.name === 'enquiry_start')).toBe(false);
  await page.locator('#home-contact-form').getByRole('button', { name: 'Send message' }).click();
  await expect(page).toHaveURL(/\/\?sent=1#home-contact-form$/);
  await expect(page.locator('#home-contact-status')).toContainText('Thank you');
  // The operator CLI lists people only (spam is hidden): stored as one, notification queued.
  const list = execFileSync('node_modules/.bin/node', ['src/server/enquiries/cli.ts', 'list'], {
    env: { PATH: process.env['PATH'] ?? '', DATA_DIR: process.env['E2E_DATA_DIR'] ?? '' },
    encoding: 'utf8',
  });
  const lines = list.split('\n').filter((l) => l.includes(JSON.stringify(subject)));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain('notification: pending');
});
