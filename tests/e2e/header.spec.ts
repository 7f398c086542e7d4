/**
 * Header, mobile menu and tooltips (docs/product.md#header, docs/product.md#mobile-menu, docs/product.md#tooltips): brand, nav with
 * `aria-current="page"`, social icon links, Contact Us, the 50px scroll threshold, legibility on
 * every page, the < 768px disclosure menu and the tooltips' 700 ms / 300 ms timing.
 */
import { isScrolled } from '../../src/lib/widgets/header.ts';
import { expect, test, type Page } from './support/test.ts';
import {
  PAGES,
  accessibleExpanded,
  backdropColor,
  contrast,
  isMobile,
  parseColor,
  pauseClock,
  scrollToY,
  settleFrames,
  site,
} from './support/site.ts';

/** Opens the mobile menu when the toggle is shown (375px), so header links are reachable. */
async function revealMenu(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  if (await toggle.isVisible()) await toggle.click();
}

/** Computed background colour, bottom border width and colour of the header bar (banner). */
async function barStyle(page: Page): Promise<{ bg: string; borderW: string; border: string }> {
  return page.getByRole('banner').evaluate((el) => {
    const cs = getComputedStyle(el);
    return { bg: cs.backgroundColor, borderW: cs.borderBottomWidth, border: cs.borderBottomColor };
  });
}

test.describe('header', () => {
  test('brand, nav with aria-current, social links and Contact Us on every page', async ({
    page,
  }) => {
    for (const { path } of PAGES) {
      await page.goto(path);
      const banner = page.getByRole('banner');
      const brand = banner.getByRole('link', { name: site.name });
      await expect(brand, path).toHaveAttribute('href', '/');
      await revealMenu(page);
      const nav = banner.getByRole('navigation');
      const links = nav.getByRole('link');
      await expect(links).toHaveText(site.nav.map((n) => n.label));
      for (const item of site.nav) {
        const link = nav.getByRole('link', { name: item.label, exact: true });
        await expect(link).toHaveAttribute('href', item.href);
        if (item.href === path) await expect(link).toHaveAttribute('aria-current', 'page');
        else await expect(link).not.toHaveAttribute('aria-current', /.*/);
      }
      await expect(banner.getByRole('link', { name: 'LinkedIn', exact: true })).toHaveAttribute(
        'href',
        site.social.linkedin,
      );
      await expect(banner.getByRole('link', { name: 'Instagram', exact: true })).toHaveAttribute(
        'href',
        site.social.instagram,
      );
      const cta = banner.getByRole('link', { name: 'Contact Us' });
      await expect(cta).toBeVisible();
      await expect(cta).toHaveAttribute('href', '/contact');
    }
  });

  test('header is fixed, transparent at scrollY ≤ 50 and white with a border past 50', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/about');
    const banner = page.getByRole('banner');
    const transparent = async (): Promise<boolean> =>
      parseColor((await barStyle(page)).bg)[3] === 0;
    const white = async (): Promise<boolean> => {
      const s = await barStyle(page);
      const [r, g, b, a] = parseColor(s.bg);
      return r === 255 && g === 255 && b === 255 && a === 1;
    };
    await expect.poll(transparent).toBe(true);
    await scrollToY(page, 50);
    await page.waitForFunction(() => window.scrollY === 50);
    // The scroll event has been handled by then; reduced motion makes transitions instant.
    await settleFrames(page);
    expect(await transparent(), 'still transparent at exactly 50px').toBe(true);
    await scrollToY(page, 51);
    await expect.poll(white, 'white past 50px').toBe(true);
    const s = await barStyle(page);
    expect(parseFloat(s.borderW)).toBeGreaterThan(0);
    expect(parseColor(s.border)[3], 'bottom border visible').toBeGreaterThan(0);
    expect(parseColor(s.border).slice(0, 3)).not.toEqual([255, 255, 255]);
    // Fixed: still at the top of the viewport after scrolling.
    expect((await banner.boundingBox())?.y).toBe(0);
    await scrollToY(page, 0);
    await expect.poll(transparent, 'transparent again at the top').toBe(true);
  });

  test('header text is legible in both states on every page', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const { path } of PAGES) {
      await page.goto(path);
      const brand = page.getByRole('banner').getByRole('link', { name: site.name });
      await brand.evaluate((el) => el.setAttribute('data-e2e-brand', ''));
      for (const y of [0, 400]) {
        await scrollToY(page, y);
        // The scroll event's state update is React's to schedule: wait for it to be committed,
        // then for the styles it selects (reduced motion = no transition).
        const header = page.locator('.site-header');
        if (isScrolled(y)) await expect(header, path).toHaveAttribute('data-scrolled', '');
        else await expect(header, path).not.toHaveAttribute('data-scrolled');
        await settleFrames(page);
        const fg = await brand.evaluate((el) => getComputedStyle(el).color);
        const bar = (await barStyle(page)).bg;
        const bg =
          parseColor(bar)[3] === 1
            ? bar
            : await backdropColor(page, '[data-e2e-brand]', '.site-header, header');
        expect(contrast(fg, bg), `${path} at scrollY ${y}: ${fg} on ${bg}`).toBeGreaterThanOrEqual(
          4.5,
        );
      }
    }
  });
});

test.describe('mobile menu (< 768px)', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(!isMobile(testInfo), 'the menu toggle exists below 768px only');
  });

  test('toggle is a disclosure: names, expanded state, aria-controls', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toBeVisible();
    await expect.poll(() => accessibleExpanded(toggle)).toBe(false);
    const controls = await toggle.getAttribute('aria-controls');
    expect(controls).toBeTruthy();
    const menu = page.locator(`[id="${controls}"]`);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('banner').getByRole('link', { name: 'About' })).toBeHidden();
    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect.poll(() => accessibleExpanded(close)).toBe(true);
    await expect(menu).toBeVisible();
    for (const name of [
      'Home',
      'About',
      'Expertise',
      'Showcase',
      'News',
      'LinkedIn',
      'Instagram',
      'Contact Us',
    ]) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await close.click();
    await expect
      .poll(() => accessibleExpanded(page.getByRole('button', { name: 'Open menu' })))
      .toBe(false);
    await expect(menu).toBeHidden();
  });

  test('the menu opens and closes before any script has loaded', async ({ context }) => {
    // Scripts on, but none arrives: the state between the first paint and hydration. (A page
    // of its own: the suite's `page.goto` waits for hydration.)
    const page = await context.newPage();
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/about');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const link = page.getByRole('banner').getByRole('link', { name: 'Expertise' });
    await expect(link).toBeHidden();
    await toggle.click();
    await expect(link).toBeVisible();
    // Assistive technology hears the state too: the browser derives it from the popover.
    expect(await accessibleExpanded(toggle)).toBe(true);
    await toggle.click();
    await expect(link).toBeHidden();
    expect(await accessibleExpanded(toggle)).toBe(false);
    expect(await page.evaluate(() => document.documentElement.dataset['hydrated'])).toBeUndefined();
  });

  test('choosing a link closes the menu and navigates', async ({ page }) => {
    await page.goto('/');
    // First keep the page: a capturing listener cancels the navigation (the menu's own
    // listener still sees the click), so the old page can be inspected.
    await page.evaluate(() =>
      document.addEventListener(
        'click',
        (e) => {
          if (e.target instanceof Element && e.target.closest('a')) e.preventDefault();
        },
        { capture: true },
      ),
    );
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Expertise' }).click();
    await expect(page).toHaveURL('/');
    await expect
      .poll(() => accessibleExpanded(page.getByRole('button', { name: 'Open menu' })))
      .toBe(false);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Expertise' })).toBeHidden();
    // Then for real: the link navigates and the new page starts with the menu closed.
    await page.reload();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Expertise' }).click();
    await expect(page).toHaveURL('/expertise');
    await expect
      .poll(() => accessibleExpanded(page.getByRole('button', { name: 'Open menu' })))
      .toBe(false);
  });

  test('Escape closes the menu and returns focus to the toggle (keyboard only)', async ({
    page,
  }) => {
    await page.goto('/about');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect.poll(() => accessibleExpanded(toggle)).toBe(false);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    // Space toggles too (native button).
    await page.keyboard.press('Space');
    await expect
      .poll(() => accessibleExpanded(page.getByRole('button', { name: 'Close menu' })))
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('an open menu closes when the viewport grows to 768px or more', async ({ page }) => {
    await page.goto('/showcase');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect
      .poll(() => accessibleExpanded(page.getByRole('button', { name: 'Close menu' })))
      .toBe(true);
    const menu = page.locator('[popover]');
    await page.setViewportSize({ width: 800, height: 812 });
    // The toggle is gone at this width (and from the accessibility tree); the popover closes.
    await expect.poll(() => menu.evaluate((el) => el.matches(':popover-open'))).toBe(false);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Showcase' })).toBeVisible();
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('banner').getByRole('link', { name: 'Showcase' })).toBeHidden();
    await expect
      .poll(() => accessibleExpanded(page.getByRole('button', { name: 'Open menu' })))
      .toBe(false);
  });

  test('the open menu sits on a white bar on the black contact page', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const link = page.getByRole('banner').getByRole('link', { name: 'About' });
    const fg = await link.evaluate((el) => getComputedStyle(el).color);
    await expect
      .poll(async () => contrast(fg, (await barStyle(page)).bg), `${fg} on the open menu`)
      .toBeGreaterThanOrEqual(4.5);
  });
});

test.describe('desktop nav (≥ 768px)', () => {
  test('nav is inline and the toggle is hidden', async ({ page }, testInfo) => {
    test.skip(isMobile(testInfo), 'desktop layout');
    await page.goto('/');
    await expect(page.getByRole('button', { name: /menu/ })).toBeHidden();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Showcase' })).toBeVisible();
  });
});

test.describe('tooltips (700 ms open delay, 300 ms skip delay, Escape)', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(isMobile(testInfo), 'hover tooltips are for mouse and keyboard (desktop)');
  });

  const tip = (page: Page, name: string) =>
    page.getByRole('banner').getByRole('tooltip').filter({ hasText: name });

  test('hover: opens after 700 ms, skip delay 300 ms, Escape closes', async ({ page }) => {
    await pauseClock(page);
    await page.goto('/about');
    const banner = page.getByRole('banner');
    const linkedin = banner.getByRole('link', { name: 'LinkedIn', exact: true });
    const instagram = banner.getByRole('link', { name: 'Instagram', exact: true });

    await linkedin.hover();
    await page.clock.runFor(699);
    await expect(tip(page, 'LinkedIn')).toBeHidden();
    await page.clock.runFor(1);
    await expect(tip(page, 'LinkedIn')).toBeVisible();
    await expect(linkedin).toHaveAccessibleDescription('LinkedIn');

    // Straight to the neighbour: opens at once (skip delay), the first one closes.
    await instagram.hover();
    await expect(tip(page, 'Instagram')).toBeVisible();
    await expect(tip(page, 'LinkedIn')).toBeHidden();

    // Leave, come back within 300 ms: still at once.
    await page.mouse.move(640, 600);
    await expect(tip(page, 'Instagram')).toBeHidden();
    await page.clock.runFor(250);
    await linkedin.hover();
    await expect(tip(page, 'LinkedIn')).toBeVisible();

    // Leave for longer than 300 ms: the full 700 ms delay applies again.
    await page.mouse.move(640, 600);
    await page.clock.runFor(400);
    await instagram.hover();
    await page.clock.runFor(650);
    await expect(tip(page, 'Instagram')).toBeHidden();
    await page.clock.runFor(50);
    await expect(tip(page, 'Instagram')).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(tip(page, 'Instagram')).toBeHidden();
  });

  test('keyboard focus opens after 700 ms; Escape closes', async ({ page }) => {
    await pauseClock(page);
    await page.goto('/about');
    const linkedin = page.getByRole('banner').getByRole('link', { name: 'LinkedIn', exact: true });
    // Tab from the element before it, so focus arrives by keyboard.
    await page.getByRole('banner').getByRole('link', { name: 'News', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(linkedin).toBeFocused();
    await page.clock.runFor(699);
    await expect(tip(page, 'LinkedIn')).toBeHidden();
    await page.clock.runFor(1);
    await expect(tip(page, 'LinkedIn')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tip(page, 'LinkedIn')).toBeHidden();
    await expect(linkedin).toBeFocused();
  });

  test('footer and contact page social links have tooltips too', async ({ page }) => {
    await pauseClock(page);
    await page.goto('/contact');
    for (const scope of [page.getByRole('contentinfo'), page.getByRole('main')]) {
      const link = scope.getByRole('link', { name: 'Instagram', exact: true }).first();
      await link.hover();
      await page.clock.runFor(700);
      await expect(
        scope.getByRole('tooltip').filter({ hasText: 'Instagram' }).first(),
      ).toBeVisible();
      await page.mouse.move(5, 5);
      await page.clock.runFor(1000);
    }
  });
});
