/**
 * The pages' content counts (About: stats, founder, team 5, network 4, awards, testimonials;
 * Expertise: 8 services with anchors; Showcase: 4 categories × 2 projects with anchors and icons;
 * Contact: black page with details, social links and the form) and §2 footer with one source of
 * truth for contact details (read from src/site.config.ts) and the current year.
 */
import { expect, test, type Locator, type Page } from './support/test.ts';
import {
  PAGES,
  ROUTES,
  addressLine,
  effectiveBackground,
  luminance,
  pauseClock,
  site,
  drawDeferredSections,
} from './support/site.ts';

/** The section element labelled by the heading with `headingId`. */
const sectionOf = (page: Page, headingId: string): Locator =>
  page.locator(`section[aria-labelledby="${headingId}"]`);

test.describe('About', () => {
  test('founder, five team members, four network tiles, stats, awards, testimonials', async ({
    page,
  }) => {
    await page.goto('/about');
    const main = page.getByRole('main');
    await expect(main.locator('[data-counter]')).toHaveCount(4);
    const founder = sectionOf(page, 'founder-heading');
    await expect(founder.getByRole('heading', { level: 3 })).toHaveCount(1);
    await expect(founder.getByRole('img')).toHaveCount(1);
    const team = sectionOf(page, 'team-heading');
    await expect(team.getByRole('listitem')).toHaveCount(5);
    await expect(team.getByRole('heading', { level: 3 })).toHaveCount(5);
    // The team is marked as placeholders in content.
    const network = sectionOf(page, 'network-heading');
    await expect(network.getByRole('listitem')).toHaveCount(4);
    await drawDeferredSections(page);
    for (const tile of await network.getByRole('listitem').all()) {
      expect((await tile.innerText()).trim().length, 'network tile is not empty').toBeGreaterThan(
        20,
      );
    }
    await expect(page.getByRole('button', { name: 'Next awards' })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Show testimonial 1 of 6' })).toHaveCount(1);
  });
});

test.describe('Expertise', () => {
  test('eight services, each with a stable anchor, a heading and a description', async ({
    page,
  }) => {
    await page.goto('/expertise');
    const services = page.locator('main section[id]', {
      has: page.getByRole('heading', { level: 2 }),
    });
    await expect(services).toHaveCount(8);
    await drawDeferredSections(page);
    for (const s of await services.all()) {
      const id = await s.getAttribute('id');
      expect(id).toMatch(/^[a-z0-9-]+$/);
      expect((await s.innerText()).split(/\s+/).length, `#${id} has a description`).toBeGreaterThan(
        40,
      );
    }
    // Anchors work for direct visits.
    const first = await services.nth(3).getAttribute('id');
    await page.goto(`/expertise#${first}`);
    await expect(
      page.locator(`[id="${first}"]`).getByRole('heading', { level: 2 }),
    ).toBeInViewport();
  });
});

test.describe('Showcase', () => {
  test('four categories with an icon and two projects each', async ({ page }) => {
    await page.goto('/showcase');
    const categories = page.locator('main section[id]', {
      has: page.getByRole('heading', { level: 2 }),
    });
    await expect(categories).toHaveCount(4);
    for (const c of await categories.all()) {
      const id = await c.getAttribute('id');
      await expect(c.getByRole('heading', { level: 3 }), `#${id}`).toHaveCount(2);
      await expect(c.locator('svg').first(), `#${id} icon`).toBeVisible();
    }
    // Home links point at these anchors.
    await page.goto('/');
    const hrefs = await page
      .locator('#showcase a[href^="/showcase#"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    await page.goto('/showcase');
    for (const h of hrefs) await expect(page.locator(`[id="${h?.split('#')[1]}"]`)).toHaveCount(1);
  });

  test('each card opens its case study, whose breadcrumb leads back to its category', async ({
    page,
  }) => {
    await page.goto('/showcase');
    const title = 'Making the case for rooftop solar in cities';
    await page.locator('#public-affairs').getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/showcase\/making-the-case-for-rooftop-solar-in-cities$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(title);
    // Headings in order: one h1, then h2s, h3s only under an h2.
    const levels = await page
      .locator('main :is(h1, h2, h3, h4)')
      .evaluateAll((hs) => hs.map((h) => Number(h.tagName.slice(1))));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!).toBeLessThan(2);
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Public Affairs & Policy' })
      .click();
    await expect(page).toHaveURL(/\/showcase#public-affairs$/);
    await expect(page.locator('#public-affairs')).toBeInViewport();
    // An unknown slug is the 404 page.
    const missing = await page.goto('/showcase/no-such-case-study');
    expect(missing?.status()).toBe(404);
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
  });
});

test.describe('Contact', () => {
  test('black page with details, social links and the form', async ({ page }) => {
    await page.goto('/contact');
    // The details block (the privacy notice below it names the address too).
    const main = page.locator('#contact');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(luminance(await effectiveBackground(page, 'main h1'))).toBeLessThan(0.05);
    expect(luminance(await effectiveBackground(page, 'main form'))).toBeLessThan(0.05);
    await expect(main.getByRole('link', { name: site.email })).toHaveAttribute(
      'href',
      `mailto:${site.email}`,
    );
    await expect(main.getByRole('link', { name: site.phone })).toHaveAttribute(
      'href',
      `tel:${site.phoneHref}`,
    );
    await expect(main).toContainText(addressLine());
    await expect(main.getByRole('link', { name: 'LinkedIn', exact: true })).toHaveAttribute(
      'href',
      site.social.linkedin,
    );
    await expect(main.getByRole('link', { name: 'Instagram', exact: true })).toHaveAttribute(
      'href',
      site.social.instagram,
    );
    await expect(main.locator('form')).toHaveCount(1);
    for (const name of [/name/i, /email/i, /subject/i, /message/i]) {
      await expect(main.getByRole('textbox', { name }).first()).toBeVisible();
    }
  });
});

test.describe('footer and contact details', () => {
  test('footer on every page: tagline, details, social, year, legal links', async ({ page }) => {
    const year = String(new Date().getFullYear());
    for (const { path } of ROUTES) {
      await page.goto(path);
      const footer = page.getByRole('contentinfo');
      await expect(footer, path).toContainText(site.tagline);
      await expect(footer.getByRole('link', { name: site.email })).toHaveAttribute(
        'href',
        `mailto:${site.email}`,
      );
      await expect(footer.getByRole('link', { name: site.phone })).toHaveAttribute(
        'href',
        `tel:${site.phoneHref}`,
      );
      await expect(footer).toContainText(addressLine());
      await expect(footer).toContainText('New Delhi');
      await expect(footer.getByRole('link', { name: 'LinkedIn', exact: true })).toHaveAttribute(
        'href',
        site.social.linkedin,
      );
      await expect(footer.getByRole('link', { name: 'Instagram', exact: true })).toHaveAttribute(
        'href',
        site.social.instagram,
      );
      await expect(footer).toContainText(`© ${year}`);
      await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
        'href',
        '/privacy',
      );
      await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
        'href',
        '/terms',
      );
    }
  });

  test('the copyright year is the visitor’s current year (1 January after a December build)', async ({
    page,
  }) => {
    await pauseClock(page, new Date(2031, 0, 1, 0, 0, 5).getTime());
    await page.goto('/privacy');
    await expect(page.getByRole('contentinfo')).toContainText('© 2031');
  });

  test('every page shows one set of contact details and no placeholders', async ({ page }) => {
    for (const { path } of PAGES) {
      await page.goto(path);
      const html = await page.content();
      // The route data in the page's scripts holds the copy as stored, placeholders included
      // (docs/decisions/048-content-in-the-database.md); what the page shows must hold none.
      const shown = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
      expect(shown, `${path} has no template placeholders`).not.toMatch(/\{(email|phone)\}/);
      const emails = new Set(
        [...html.matchAll(/mailto:([^"'?\s>]+)/g)].map((m) => decodeURIComponent(m[1] ?? '')),
      );
      expect([...emails], `${path} mailto links`).toEqual([site.email]);
      const phones = new Set([...html.matchAll(/tel:([^"'\s>]+)/g)].map((m) => m[1]));
      expect([...phones], `${path} tel links`).toEqual([site.phoneHref]);
      await drawDeferredSections(page);
      const text = await page.locator('body').innerText();
      const shownEmails = new Set(text.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? []);
      expect([...shownEmails], `${path} visible email addresses`).toEqual([site.email]);
    }
  });
});
