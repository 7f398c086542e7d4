/**
 * Pages (docs/product.md#pages): routes and status codes, every navigation lands at the top, the 404 page,
 * accessibility basics (one h1 per page, landmarks, skip link).
 */
import { expect, test, waitForHydration } from './support/test.ts';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PAGES, ROUTES, freePort, isMobile, scrollToY } from './support/site.ts';

test.describe('routes', () => {
  for (const route of ROUTES) {
    test(`${route.path} answers HTTP ${route.status} with one h1 and the landmarks`, async ({
      page,
    }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(route.status);
      expect(response?.headers()['content-type']).toMatch(/text\/html/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.getByRole('banner')).toHaveCount(1);
      await expect(page.getByRole('main')).toHaveCount(1);
      await expect(page.getByRole('contentinfo')).toHaveCount(1);
      expect((await page.title()).length).toBeGreaterThan(0);
    });
  }

  test('an unknown path is a real 404 page with a way home', async ({ page, request }) => {
    for (const path of ['/nope', '/about/extra', '/showcase.html.bak']) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
    const response = await page.goto('/this-page-does-not-exist-e2e');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('main')).toContainText('404');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    const home = page.getByRole('main').getByRole('link', { name: 'Return to Home' });
    await expect(home).toHaveAttribute('href', '/');
    await home.click();
    await expect(page).toHaveURL('/');
  });

  test('the server logs the path of a 404', async ({ request }, testInfo) => {
    test.skip(isMobile(testInfo), 'server behaviour: once is enough');
    // A private server on its own port, so its log can be read.
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'e2e-404-log-'));
    const child = spawn('node_modules/.bin/node', ['server.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: 'localhost',
        NODE_ENV: 'production',
        BUILD_DIR: resolve(process.env['BUILD_DIR'] ?? './dist'),
        FORM_SECRET: 'e2e-form-secret-0123456789',
        DRAIN_GRACE_MS: '0',
        DATA_DIR: dataDir,
        SITE_URL: `http://localhost:${port}`,
      },
    });
    let log = '';
    child.stdout.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr.on('data', (d: Buffer) => (log += d.toString()));
    try {
      await expect.poll(() => log, { timeout: 15_000 }).toContain('listening');
      const path = `/e2e-missing-${Date.now()}`;
      expect((await request.get(`http://localhost:${port}${path}`)).status()).toBe(404);
      await expect.poll(() => log).toContain(path);
    } finally {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('/contact#privacy states what is collected, why, how long, who to contact and the rights', async ({
    page,
  }) => {
    await page.goto('/contact#privacy');
    const notice = page.getByRole('region', { name: 'How we handle your enquiry' });
    await expect(notice).toBeVisible();
    await expect(page.locator('#privacy')).toBeInViewport();
    const text = (await notice.innerText()).toLowerCase();
    for (const needle of ['name', 'email', 'message', '365', 'backup', 'erase', 'cookie']) {
      expect(text, `the notice mentions "${needle}"`).toContain(needle);
    }
    expect(text.split(/\s+/).length, 'privacy notice has real content').toBeGreaterThan(250);
  });

  test('the notice beside each copy of the form links to it', async ({ page }) => {
    for (const path of ['/', '/contact']) {
      await page.goto(path);
      const link = page.getByRole('link', { name: 'How we handle your enquiry' });
      await expect(link).toHaveAttribute('href', '/contact#privacy');
    }
  });

  test('every page has a skip link that moves focus to main', async ({ page }, testInfo) => {
    test.skip(isMobile(testInfo), 'keyboard skip link is exercised at desktop width');
    for (const { path } of PAGES) {
      await page.goto(path);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await expect(skip, path).toBeFocused();
      await expect(skip).toBeVisible();
      await expect(skip).toHaveAttribute('href', '#main');
      await page.keyboard.press('Enter');
      await expect(page.locator('main#main')).toBeFocused();
    }
  });

  test('every navigation lands at the top of the new page', async ({ page }, testInfo) => {
    await page.goto('/');
    // Header navigation (fixed header stays reachable after scrolling).
    for (const target of ['About', 'Expertise', 'Showcase', 'Home']) {
      await scrollToY(page, 1500);
      if (isMobile(testInfo)) await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('banner').getByRole('link', { name: target, exact: true }).click();
      // A client-side navigation: wait for the new page's heading to take focus.
      await expect(page.locator('main h1')).toBeFocused();
      expect(await page.evaluate(() => window.scrollY), `after going to ${target}`).toBe(0);
    }
    // A footer link, reached at the bottom of a long page.
    await page.goto('/about');
    await scrollToY(page, 100_000);
    // The footer still links to /privacy, which answers 404 on purpose.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Page not found');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The footer's links are plain anchors, so /privacy is a new document: a click before it has
    // hydrated would be a full load too, which lands at the top without moving focus.
    await waitForHydration(page);
    // Contact Us.
    await scrollToY(page, 800);
    if (isMobile(testInfo)) {
      const contact = page.getByRole('banner').getByRole('link', { name: 'Contact Us' });
      if (!(await contact.isVisible()))
        await page.getByRole('button', { name: 'Open menu' }).click();
    }
    await page.getByRole('banner').getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL('/contact');
    await expect(page.locator('main h1')).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});
