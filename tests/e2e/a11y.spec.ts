/**
 * Accessibility (docs/product.md#accessibility): axe-core (WCAG 2.0/2.1 A+AA, 2.2 AA) on every page (and a case study's) at 375px and
 * 1280px with zero violations, plus the states a visitor reaches: the open mobile menu, the
 * scrolled (white) header, and the black contact page.
 */
import { expect, test } from './support/test.ts';
import {
  CASE_STUDY,
  ROUTES,
  compositeLayers,
  contrast,
  expectNoAxeViolations,
  isMobile,
  scrollToY,
  settleFrames,
} from './support/site.ts';

test.describe('axe-core', () => {
  for (const route of [...ROUTES, CASE_STUDY]) {
    test(`${route.path} has no WCAG 2.2 A/AA violations`, async ({ page }) => {
      // Reduced motion: scan the settled design, not a mid-transition frame.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(route.path);
      await expectNoAxeViolations(page, route.path);
      // Scrolled: the header turns white over the content (a page that never hydrates has it
      // white from the top).
      await scrollToY(page, 600);
      await page.waitForFunction(
        () => document.querySelector('.site-header:is([data-scrolled], [data-solid])') !== null,
      );
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

test.describe('visible focus (on every interactive element)', () => {
  for (const route of [...ROUTES, CASE_STUDY]) {
    test(`${route.path}: every Tab stop shows a focus ring with 3:1 contrast`, async ({
      page,
    }, testInfo) => {
      test.skip(isMobile(testInfo), 'keyboard focus order is walked at desktop width');
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(route.path);
      const problems: string[] = [];
      const seen = new Set<string>();
      for (let i = 0; i < 200; i++) {
        await page.keyboard.press('Tab');
        // Let colour transitions (instant under reduced motion, but started) reach their end.
        await settleFrames(page);
        const info = await page.evaluate(() => {
          const el = document.activeElement;
          if (!el || el === document.body) return null;
          el.setAttribute('data-e2e-focus', '');
          const path: string[] = [];
          for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) {
            path.unshift(
              `${e.tagName.toLowerCase()}:${[...(e.parentElement?.children ?? [])].indexOf(e)}`,
            );
          }
          const cs = getComputedStyle(el);
          // The ring is drawn outside the element (outline-offset), over its parent's background.
          const bgLayers: string[] = [];
          for (let e = el.parentElement; e; e = e.parentElement) {
            bgLayers.push(getComputedStyle(e).backgroundColor);
          }
          const label = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
          el.removeAttribute('data-e2e-focus');
          return {
            key: path.join('/'),
            label,
            outlineStyle: cs.outlineStyle,
            outlineWidth: parseFloat(cs.outlineWidth),
            outlineColor: cs.outlineColor,
            boxShadow: cs.boxShadow,
            bgLayers,
          };
        });
        if (!info) continue;
        if (seen.has(info.key)) break; // wrapped around
        seen.add(info.key);
        const ring = info.outlineStyle !== 'none' && info.outlineWidth >= 2;
        if (!ring && info.boxShadow === 'none') {
          problems.push(`${info.label}: no focus indicator`);
        } else if (ring) {
          const bg = compositeLayers(info.bgLayers);
          const ratio = contrast(compositeLayers([info.outlineColor, bg]), bg);
          if (ratio < 3) {
            problems.push(
              `${info.label}: ring ${info.outlineColor} on ${bg} = ${ratio.toFixed(2)}:1`,
            );
          }
        }
      }
      expect(seen.size, 'page has Tab stops').toBeGreaterThan(5);
      expect(problems).toEqual([]);
    });
  }
});
