/**
 * Stat counters (docs/product.md#stat-counters): start when 30% visible, once, 40 steps over 2000 ms (page.clock), keep
 * the "+", final values without JavaScript, instant under reduced motion. Home and About.
 */
import { expect, test, type Page } from './support/test.ts';
import { pauseClock, scrollToY } from './support/site.ts';

const STATS = ['8+', '90+', '200+', '7+'] as const;

/** What the animated counter currently shows (the aria-hidden copy, number + suffix). */
const shown = (page: Page, value: string) =>
  page
    .locator(`[data-counter][data-value="${value}"]`)
    .first()
    .locator('[aria-hidden="true"]')
    .first();

/** Text of the counter outside aria-hidden subtrees (what assistive technology reads). */
function exposedText(page: Page, value: string): Promise<string> {
  return page
    .locator(`[data-counter][data-value="${value}"]`)
    .first()
    .evaluate((el) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      let out = '';
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.parentElement?.closest('[aria-hidden="true"]')) out += n.textContent ?? '';
      }
      return out.trim();
    });
}

/**
 * Scrolls so that `fraction` of the first counter with `value`'s height is inside the viewport (entering
 * from the bottom), then waits until an IntersectionObserver of the test has seen that ratio, so
 * the page's own observer has had the same chance to react.
 */
async function revealFraction(page: Page, fraction: number, value = '90+'): Promise<void> {
  await page.evaluate(
    async ([f, v]) => {
      const el = document.querySelector(`[data-counter][data-value="${v}"]`);
      if (!el) throw new Error('no counter');
      const r = el.getBoundingClientRect();
      const top = window.scrollY + r.top;
      window.scrollTo({ top: top - window.innerHeight + r.height * f, behavior: 'instant' });
      await new Promise<void>((resolve) => {
        const io = new IntersectionObserver(
          (entries) => {
            if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= f - 0.06)) {
              io.disconnect();
              resolve();
            }
          },
          { threshold: [Math.max(0, f - 0.05)] },
        );
        io.observe(el);
      });
    },
    [fraction, value] as const,
  );
}

for (const path of ['/', '/about']) {
  test.describe(`stat counters on ${path}`, () => {
    test('start at 30% visible, once, 40 steps over 2000 ms, keep the "+"', async ({ page }) => {
      await pauseClock(page);
      await page.goto(path);
      for (const v of STATS) await expect(shown(page, v)).toHaveText(v);
      // The subject is "90+": its frames (90 × k / 40, rounded) pin the step size and count.
      const counter = page.locator('[data-counter][data-value="90+"]').first();

      await revealFraction(page, 0.2);
      await page.clock.runFor(100);
      await expect(counter, 'not started at 20% visible').not.toHaveAttribute('data-state', /.+/);
      await expect(shown(page, '90+')).toHaveText('90+');

      await revealFraction(page, 0.45);
      await expect(counter).toHaveAttribute('data-state', 'running');
      await expect(shown(page, '90+')).toHaveText('0+');
      await page.clock.runFor(50); // step 1
      await expect(shown(page, '90+')).toHaveText('2+');
      await page.clock.runFor(950); // step 20 of 40
      await expect(shown(page, '90+')).toHaveText('45+');
      // Screen readers are never read the intermediate numbers: the exposed text stays final.
      expect(await exposedText(page, '90+')).toBe('90+');
      await page.clock.runFor(950); // step 39
      await expect(shown(page, '90+')).toHaveText('88+');
      await expect(counter).toHaveAttribute('data-state', 'running');
      await page.clock.runFor(50); // step 40 = 2000 ms
      await expect(shown(page, '90+')).toHaveText('90+');
      await expect(counter).toHaveAttribute('data-state', 'done');

      // Once only: leaving and re-entering does not restart it.
      await scrollToY(page, 0);
      await revealFraction(page, 1);
      await page.clock.runFor(100);
      await expect(shown(page, '90+')).toHaveText('90+');
      await expect(counter).toHaveAttribute('data-state', 'done');

      // All four reach their targets with the "+" kept, and screen readers get the final value.
      await revealFraction(page, 1, '8+');
      await revealFraction(page, 1, '7+');
      await page.clock.runFor(2100);
      for (const v of STATS) await expect(shown(page, v)).toHaveText(v);
    });

    test('reduced motion: final values at once, never animated', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await pauseClock(page);
      await page.goto(path);
      await revealFraction(page, 1);
      await page.clock.runFor(60);
      for (const v of STATS) await expect(shown(page, v)).toHaveText(v);
      await expect(page.locator('[data-counter][data-value="8+"]').first()).not.toHaveAttribute(
        'data-state',
        /.+/,
      );
    });
  });
}

test.describe('stat counters without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('final values are in the HTML', async ({ page }) => {
    for (const path of ['/', '/about']) {
      await page.goto(path);
      // textContent: the counters' sections are drawn only when scrolled near (decision 014).
      const text = (await page.getByRole('main').textContent()) ?? '';
      for (const v of STATS) expect(text, `${path} shows ${v}`).toContain(v);
    }
  });
});
