/**
 * Testimonial carousel (docs/product.md#testimonial-carousel: 6000 ms, wraps, dots "Show testimonial N of 6", pause on
 * hover/focus, Pause/Play, no auto-advance under reduced motion) and "Awards carousel" (300px
 * steps, Previous disabled at 0, Next disabled where the last award is fully visible), with
 * keyboard operation, on Home and About, also when React draws them after a client-side
 * navigation. Timers through page.clock.
 */
import { expect, test, type Page } from './support/test.ts';
import { isMobile, pauseClock } from './support/site.ts';

const testimonials = (page: Page) =>
  page.locator('[aria-roledescription="carousel"]', {
    has: page.locator('[aria-roledescription="slide"]'),
  });

/**
 * 1-based numbers of the visible slides, read in one page evaluation from their accessible
 * names "N of 6" (a rendered, not `visibility: hidden` slide counts as visible).
 */
function visibleSlides(page: Page): Promise<number[]> {
  return testimonials(page)
    .locator('[aria-roledescription="slide"]')
    .evaluateAll((slides) =>
      slides
        .filter((el) => el.checkVisibility({ visibilityProperty: true }))
        .map((el) => Number((el.getAttribute('aria-label') ?? '').split(' of ')[0])),
    );
}

/**
 * Asserts that exactly slide `n` (1-based) is shown. Polls only to let style and layout catch
 * up: while the fake clock is paused no timer can change the answer between polls.
 */
async function expectSlide(page: Page, n: number, message?: string): Promise<void> {
  await expect.poll(() => visibleSlides(page), message).toEqual([n]);
}

/** Moves pointer and focus away from the carousel so it may rotate. */
async function leave(page: Page): Promise<void> {
  await page.mouse.move(1, 1);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

for (const path of ['/', '/about']) {
  test.describe(`testimonial carousel on ${path}`, () => {
    test('advances every 6000 ms and wraps from 6 to 1', async ({ page }) => {
      await pauseClock(page);
      await page.goto(path);
      const carousel = testimonials(page);
      await expect(carousel).toHaveCount(1);
      await expect(carousel).toHaveAttribute('aria-labelledby', /.+/);
      await expect(carousel.getByRole('group', { includeHidden: true })).toHaveCount(6);
      await expectSlide(page, 1);
      await page.clock.runFor(5999);
      await expectSlide(page, 1);
      await page.clock.runFor(1);
      await expectSlide(page, 2);
      for (const n of [3, 4, 5, 6, 1]) {
        await page.clock.runFor(6000);
        await expectSlide(page, n);
      }
    });

    test('dots select a slide and mark the active one', async ({ page }) => {
      await pauseClock(page);
      await page.goto(path);
      const carousel = testimonials(page);
      for (let n = 1; n <= 6; n++) {
        await expect(
          carousel.getByRole('button', { name: `Show testimonial ${n} of 6`, exact: true }),
        ).toHaveCount(1);
      }
      const dot4 = carousel.getByRole('button', { name: 'Show testimonial 4 of 6' });
      await dot4.click();
      await expectSlide(page, 4);
      await expect(dot4).toHaveAttribute('aria-current', 'true');
      await expect(
        carousel.getByRole('button', { name: 'Show testimonial 1 of 6' }),
      ).not.toHaveAttribute('aria-current', 'true');
      // From the last slide the rotation wraps to the first.
      await carousel.getByRole('button', { name: 'Show testimonial 6 of 6' }).click();
      await leave(page);
      await page.clock.runFor(6000);
      await expectSlide(page, 1);
      await expect(
        carousel.getByRole('button', { name: 'Show testimonial 1 of 6' }),
      ).toHaveAttribute('aria-current', 'true');
    });

    test('pauses while hovered', async ({ page }, testInfo) => {
      test.skip(isMobile(testInfo), 'hover needs a mouse');
      await pauseClock(page);
      await page.goto(path);
      await testimonials(page).getByRole('group').first().scrollIntoViewIfNeeded();
      await testimonials(page).hover();
      await page.clock.runFor(13_000);
      await expectSlide(page, 1);
      await leave(page);
      await page.clock.runFor(6000);
      await expectSlide(page, 2);
    });

    test('pauses while focus is inside; keyboard operates dots and Pause/Play', async ({
      page,
    }) => {
      await pauseClock(page);
      await page.goto(path);
      const carousel = testimonials(page);
      const toggle = carousel.getByRole('button', { name: 'Pause testimonials' });
      await toggle.focus();
      await page.clock.runFor(13_000);
      await expectSlide(page, 1, 'no rotation while focused');
      // Tab to the dots and choose one with the keyboard.
      await page.keyboard.press('Tab');
      await expect(carousel.getByRole('button', { name: 'Show testimonial 1 of 6' })).toBeFocused();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expectSlide(page, 3);
      // Pause with the keyboard: stays paused after focus and pointer leave.
      await toggle.focus();
      await page.keyboard.press('Space');
      const play = carousel.getByRole('button', { name: 'Play testimonials' });
      await expect(play).toBeVisible();
      await leave(page);
      await page.clock.runFor(20_000);
      await expectSlide(page, 3, 'paused by the button');
      await play.focus();
      await page.keyboard.press('Enter');
      await expect(carousel.getByRole('button', { name: 'Pause testimonials' })).toBeVisible();
      await leave(page);
      await page.clock.runFor(6000);
      await expectSlide(page, 4);
    });

    test('no auto-advance under reduced motion', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await pauseClock(page);
      await page.goto(path);
      await expect(
        testimonials(page).getByRole('button', { name: 'Play testimonials' }),
      ).toBeVisible();
      await page.clock.runFor(30_000);
      await expectSlide(page, 1);
      // Dots still work.
      await testimonials(page).getByRole('button', { name: 'Show testimonial 2 of 6' }).click();
      await expectSlide(page, 2);
    });
  });

  test.describe(`awards carousel on ${path}`, () => {
    test('300px steps within bounds; Previous/Next disabled at the ends; keyboard', async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(path);
      const prev = page.getByRole('button', { name: 'Previous awards' });
      const next = page.getByRole('button', { name: 'Next awards' });
      await expect(prev).toHaveCount(1);
      await prev.scrollIntoViewIfNeeded();
      const region = page.locator('[aria-roledescription="carousel"]', { has: next });
      await expect(region).toHaveAttribute('aria-labelledby', /.+/);
      await expect(region.getByRole('listitem')).toHaveCount(4);
      const strip = region.getByRole('list');
      const dims = await strip.evaluate((el) => ({
        strip: el.scrollWidth,
        view: (el.parentElement as HTMLElement).clientWidth,
      }));
      const max = Math.max(0, dims.strip - dims.view);
      /** Current translateX of the strip in px (positive = moved left). */
      const offset = () =>
        strip.evaluate((el) => -new DOMMatrix(getComputedStyle(el).transform).m41);
      await expect.poll(offset).toBeCloseTo(0, 0);
      await expect(prev).toBeDisabled();
      if (max === 0) {
        // Everything already fits: no movement possible either way.
        await expect(next).toBeDisabled();
        return;
      }
      await expect(next).toBeEnabled();
      // Keyboard: focus Next and press Enter until it is disabled.
      await next.focus();
      let expected = 0;
      while (expected < max) {
        await page.keyboard.press('Enter');
        expected = Math.min(expected + 300, max);
        await expect.poll(offset).toBeCloseTo(expected, 0);
        await expect(prev).toBeEnabled();
      }
      await expect(next).toBeDisabled();
      await expect(next, 'focus stays on the button').toBeFocused();
      // Last award fully visible.
      const last = region.getByRole('listitem').last();
      const viewBox = await strip.evaluate(
        (el) => (el.parentElement as HTMLElement).getBoundingClientRect().right,
      );
      const lastBox = await last.evaluate((el) => el.getBoundingClientRect().right);
      expect(lastBox).toBeLessThanOrEqual(viewBox + 1);
      // Pressing a disabled Next does nothing.
      await page.keyboard.press('Enter');
      await expect.poll(offset).toBeCloseTo(max, 0);
      // Back with Previous: 300px steps, never past 0.
      await prev.focus();
      while (expected > 0) {
        await page.keyboard.press('Space');
        expected = Math.max(expected - 300, 0);
        await expect.poll(offset).toBeCloseTo(expected, 0);
      }
      await expect(prev).toBeDisabled();
      await page.keyboard.press('Enter');
      await expect.poll(offset).toBeCloseTo(0, 0);
    });
  });
}

test('after client-side navigations the carousels and counters work in the pages React draws', async ({
  page,
}) => {
  await pauseClock(page);
  await page.goto('/expertise');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const sameDocument = () =>
    page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument);

  // Home, drawn by React after a navigation: the testimonials rotate, a dot and Next work.
  await page.getByRole('banner').locator('a[href="/"]').first().click();
  await expect(page).toHaveURL('/');
  await expectSlide(page, 1);
  await leave(page);
  await page.clock.runFor(6000);
  await expectSlide(page, 2);
  await testimonials(page).getByRole('button', { name: 'Show testimonial 5 of 6' }).click();
  await expectSlide(page, 5);
  const next = page.getByRole('button', { name: 'Next awards' });
  await next.scrollIntoViewIfNeeded();
  await next.click();
  await expect(page.getByRole('button', { name: 'Previous awards' })).toBeEnabled();

  // About, from a link in home's about section: a fresh carousel, and the counters count.
  await page.locator('main a[href="/about"]').first().click();
  await expect(page).toHaveURL('/about');
  await expectSlide(page, 1);
  await leave(page);
  await page.clock.runFor(6000);
  await expectSlide(page, 2);
  const counter = page.locator('[data-counter][data-value="90+"]').first();
  await counter.scrollIntoViewIfNeeded();
  await expect(counter).toHaveAttribute('data-state', 'running');
  await page.clock.runFor(2000);
  await expect(counter).toHaveAttribute('data-state', 'done');
  await expect(counter.locator('[aria-hidden="true"]').first()).toHaveText('90+');
  expect(await sameDocument(), 'no full page load').toBe(true);
});
