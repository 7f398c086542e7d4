/**
 * Spec §1 (routes and status codes), §2 "every navigation lands at the top", §3 404 screen,
 * design.md accessibility basics (one h1 per page, landmarks, skip link).
 */
import { expect, test } from '@playwright/test';
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
    const child = spawn('node_modules/.bin/node', ['server/index.mjs'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: 'localhost',
        ASTRO_OUT_DIR: resolve(process.env.ASTRO_OUT_DIR ?? './dist'),
        DATA_DIR: dataDir,
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

  test('/privacy states what is collected, why, how long, who to contact and the rights', async ({
    page,
  }) => {
    await page.goto('/privacy');
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/privacy/i);
    const text = (await main.innerText()).toLowerCase();
    for (const needle of ['name', 'email', 'message', '365', 'erase', 'cookie']) {
      expect(text, `/privacy mentions "${needle}"`).toContain(needle);
    }
    expect(text.split(/\s+/).length, 'privacy notice has real content').toBeGreaterThan(250);
  });

  test('/terms has real content', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/terms/i);
    const words = (await page.getByRole('main').innerText()).split(/\s+/).length;
    expect(words, 'terms of use have real content').toBeGreaterThan(150);
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
      await page.waitForLoadState('load');
      expect(await page.evaluate(() => window.scrollY), `after going to ${target}`).toBe(0);
    }
    // A footer link, reached at the bottom of a long page.
    await page.goto('/about');
    await scrollToY(page, 100_000);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL('/privacy');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Contact Us.
    await scrollToY(page, 800);
    if (isMobile(testInfo)) {
      const contact = page.getByRole('banner').getByRole('link', { name: 'Contact Us' });
      if (!(await contact.isVisible()))
        await page.getByRole('button', { name: 'Open menu' }).click();
    }
    await page.getByRole('banner').getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL('/contact');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});
