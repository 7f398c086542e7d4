/**
 * Home (docs/product.md#home): the seven sections in order, the hero (tagline h1, cursor marker, "Scroll to
 * About"), the Expertise index (8 links to /expertise#id, arrow on hover AND focus), the Showcase
 * cards (4 × View Projects → /showcase#id, View All Projects) and the white contact section.
 */
import { expect, test } from './support/test.ts';
import { effectiveBackground, isMobile, luminance, site } from './support/site.ts';

test.describe('home', () => {
  test('sections in order, hero h1 is the tagline', async ({ page }) => {
    await page.goto('/');
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toHaveText(site.tagline);
    // Each section is identified by what it must contain, then their document order is checked.
    const order = await page.evaluate(() => {
      const main = document.querySelector('main');
      if (!main) return [];
      const probes: Array<[string, Element | null | undefined]> = [
        ['hero', main.querySelector('h1')],
        ['about (stat counters)', document.querySelector('#about [data-counter]')],
        ['expertise (service links)', main.querySelector('a[href^="/expertise#"]')],
        ['showcase (View Projects)', main.querySelector('a[href^="/showcase#"]')],
        ['newsroom (newest items)', main.querySelector('#news a[href^="/news/"]')],
        [
          'testimonials',
          [...main.querySelectorAll('[aria-roledescription="carousel"]')].find((e) =>
            e.querySelector('[aria-roledescription="slide"]'),
          ),
        ],
        [
          'awards',
          [...main.querySelectorAll('button')].find((b) => b.textContent === 'Next awards'),
        ],
        ['contact (form)', main.querySelector('form')],
      ];
      return probes.map(([name, el]) => {
        if (!el) return `${name}: MISSING`;
        // Position in document order among all elements.
        return `${name}@${[...document.querySelectorAll('*')].indexOf(el)}`;
      });
    });
    expect(
      order.filter((o) => o.includes('MISSING')),
      'every section present',
    ).toEqual([]);
    const positions = order.map((o) => Number(o.split('@')[1]));
    expect(positions, order.join(', ')).toEqual([...positions].sort((a, b) => a - b));
    await expect(page.locator('#about')).toBeAttached();
  });

  test('About shows the four stats with their final values in the HTML', async ({ request }) => {
    const html = await (await request.get('/')).text();
    for (const v of ['8+', '90+', '200+', '7+']) expect(html).toContain(`>${v}<`);
  });

  test('Expertise: eight services linking to their /expertise anchors', async ({ page }) => {
    await page.goto('/');
    const links = page
      .locator('#expertise')
      .getByRole('link')
      .filter({
        has: page.locator('xpath=self::a[starts-with(@href, "/expertise#")]'),
      });
    await expect(links).toHaveCount(8);
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(new Set(hrefs).size).toBe(8);
    await page.goto('/expertise');
    for (const href of hrefs) {
      const id = href.split('#')[1] ?? '';
      await expect(page.locator(`[id="${id}"]`), href).toHaveCount(1);
      await expect(page.locator(`[id="${id}"]`).getByRole('heading').first()).toBeVisible();
    }
  });

  test('Expertise: each service shows an arrow on hover and on keyboard focus', async ({
    page,
  }, testInfo) => {
    test.skip(isMobile(testInfo), 'hover needs a mouse; focus is covered at desktop width');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const links = page.locator('#expertise a[href^="/expertise#"]');
    const count = await links.count();
    expect(count).toBe(8);
    /** Opacity × visibility of the arrow icons in the link's row (1 = fully shown). */
    const arrowShown = (i: number) =>
      links.nth(i).evaluate((a) => {
        const row = a.closest('li') ?? a;
        const icons = [...row.querySelectorAll('svg')];
        return Math.max(
          0,
          ...icons.map((svg) => {
            const cs = getComputedStyle(svg);
            if (cs.display === 'none' || cs.visibility === 'hidden') return 0;
            return Number(cs.opacity);
          }),
        );
      });
    for (let i = 0; i < count; i++) {
      await page.mouse.move(0, 0);
      await page.locator('body').evaluate(() => (document.activeElement as HTMLElement)?.blur());
      await expect.poll(() => arrowShown(i), `service ${i + 1} idle`).toBe(0);
      await links.nth(i).hover();
      await expect.poll(() => arrowShown(i), `service ${i + 1} hovered`).toBe(1);
      await page.mouse.move(0, 0);
      await expect.poll(() => arrowShown(i)).toBe(0);
      await links.nth(i).focus();
      await expect.poll(() => arrowShown(i), `service ${i + 1} focused`).toBe(1);
    }
    // Keyboard: Tab from one service to the next moves the arrow with focus.
    await links.nth(0).focus();
    await page.keyboard.press('Tab');
    await expect(links.nth(1)).toBeFocused();
    await expect.poll(() => arrowShown(1)).toBe(1);
    await expect.poll(() => arrowShown(0)).toBe(0);
  });

  test('Showcase: four cards with View Projects to /showcase#id, plus View All Projects', async ({
    page,
  }) => {
    await page.goto('/');
    const section = page.locator('#showcase');
    const view = section.getByRole('link', { name: /^View Projects/ });
    await expect(view).toHaveCount(4);
    const hrefs = await view.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    for (const h of hrefs) expect(h).toMatch(/^\/showcase#[\w-]+$/);
    expect(new Set(hrefs).size).toBe(4);
    const all = section.getByRole('link', { name: 'View All Projects' });
    await expect(all).toHaveAttribute('href', '/showcase');
    // Following a card lands on that category's section on /showcase.
    await view.nth(2).click();
    await expect(page).toHaveURL(hrefs[2] ?? '');
    const id = (hrefs[2] ?? '').split('#')[1] ?? '';
    await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
  });

  test('Contact section is white and shows the site contact details and the form', async ({
    page,
  }) => {
    await page.goto('/');
    const contact = page.locator('#contact');
    await expect(contact.locator('form')).toHaveCount(1);
    expect(luminance(await effectiveBackground(page, '#contact form'))).toBeGreaterThan(0.85);
    expect(luminance(await effectiveBackground(page, '#contact h2'))).toBeGreaterThan(0.85);
    await expect(contact.getByRole('link', { name: site.email })).toHaveAttribute(
      'href',
      `mailto:${site.email}`,
    );
    await expect(contact.getByRole('link', { name: site.phone })).toHaveAttribute(
      'href',
      `tel:${site.phoneHref}`,
    );
  });
});

test.describe('hero', () => {
  test('cursor marker follows the mouse on desktop; aria-hidden', async ({ page }, testInfo) => {
    test.skip(isMobile(testInfo), 'fine pointers only');
    await page.goto('/');
    const marker = page.locator('.cursor-marker');
    await expect(marker).toHaveAttribute('aria-hidden', 'true');
    const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) }).first();
    const box = await hero.boundingBox();
    if (!box) throw new Error('hero has no box');
    for (const [x, y] of [
      [300, 300],
      [900, 500],
    ] as const) {
      await page.mouse.move(x, y, { steps: 4 });
      await expect
        .poll(() => marker.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41))
        .toBeCloseTo(x - box.x, 0);
      const m = await marker.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform));
      expect(m.m42).toBeCloseTo(y - box.y, 0);
      await expect.poll(() => marker.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    }
    // It never takes the pointer's clicks.
    expect(await marker.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
  });

  test('cursor marker is hidden for touch', async ({ page }, testInfo) => {
    test.skip(!isMobile(testInfo), 'touch project');
    await page.goto('/');
    await page.mouse.move(100, 300);
    await expect(page.locator('.cursor-marker')).toBeHidden();
  });

  test('cursor marker is hidden under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await page.mouse.move(300, 300);
    await page.mouse.move(320, 320);
    await expect(page.locator('.cursor-marker')).toBeHidden();
  });

  test('"Scroll to About" scrolls to About and moves focus there (keyboard)', async ({ page }) => {
    await page.goto('/');
    const cue = page.getByRole('button', { name: 'Scroll to About' });
    await cue.focus();
    await page.keyboard.press('Enter');
    const about = page.locator('#about');
    await expect(about).toBeFocused();
    await expect
      .poll(() => about.evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeLessThanOrEqual(80);
    expect(await about.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(-2);
  });

  test('"Scroll to About" is instant under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Scroll to About' }).click();
    // Instant: already there in the same task, no smooth-scroll frames needed.
    const top = await page.locator('#about').evaluate((el) => el.getBoundingClientRect().top);
    expect(Math.abs(top)).toBeLessThanOrEqual(80);
  });
});
