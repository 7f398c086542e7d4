/**
 * design.md "Accessibility": axe-core (WCAG 2.0/2.1 A+AA, 2.2 AA) on every page at 375px and
 * 1280px with zero violations, plus the states a visitor reaches: the open mobile menu, the
 * scrolled (white) header, and the black contact page.
 */
import { expect, test } from '@playwright/test';
import { ROUTES, expectNoAxeViolations, isMobile, scrollToY } from './support/site';

test.describe('axe-core', () => {
  for (const route of ROUTES) {
    test(`${route.path} has no WCAG 2.2 A/AA violations`, async ({ page }) => {
      // Reduced motion: scan the settled design, not a mid-transition frame.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(route.path);
      await expectNoAxeViolations(page, route.path);
      // Scrolled: the header turns white over the content.
      await scrollToY(page, 600);
      await page.waitForFunction(() => document.querySelector('sv-header[data-scrolled]') !== null);
      await expectNoAxeViolations(page, `${route.path} scrolled`);
    });
  }

  test('open mobile menu has no violations (home and black contact page)', async ({
    page,
  }, testInfo) => {
    test.skip(!isMobile(testInfo), 'the menu toggle exists below 768px only');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const path of ['/', '/contact']) {
      await page.goto(path);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
      await expectNoAxeViolations(page, `${path} with the menu open`);
    }
  });

  test('contact form error state has no violations', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/contact');
    const form = page.getByRole('main').locator('form');
    await form.getByRole('button', { name: /send|submit/i }).click();
    await expectNoAxeViolations(page, '/contact after an empty submit');
  });
});
