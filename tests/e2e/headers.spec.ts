/**
 * Issue #4 "Security headers" and "Caching and compression", verified in the browser against the
 * production server: every route runs with its Content-Security-Policy enforced and reports no
 * violation, and HTML, hashed assets and the contact action carry the headers of
 * scripts/lib/header-checks.mjs (the same rules `npm run bench:pages` prints).
 */
import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from './support/site.ts';
import { checkHeaders, formatChecks, parseCsp } from '../../scripts/lib/header-checks.mjs';

/** Collects CSP violations (DOM events and console reports) from the first byte of the page. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const consoleReports: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(msg.text())) {
      consoleReports.push(`console: ${msg.text()}`);
    }
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)),
    ...consoleReports,
  ];
}

test.describe('Content-Security-Policy in the browser', () => {
  for (const route of ROUTES) {
    test(`${route.path} runs with its CSP enforced and no violation`, async ({ page }) => {
      const violations = await watchCsp(page);
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(route.status);

      // The policy arrives as an HTTP header (frame-ancestors only works there).
      const csp = response?.headers()['content-security-policy'] ?? '';
      const directives = parseCsp(csp);
      expect(directives.get('frame-ancestors'), csp).toEqual(["'none'"]);
      expect(directives.get('script-src') ?? [], csp).not.toContain("'unsafe-inline'");

      // Exercise the page: scroll through it so lazy images, counters and carousels start.
      await page.waitForLoadState('load');
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y <= height; y += 600) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
      }
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      expect(await violations()).toEqual([]);

      // The display and body fonts loaded although their @font-face rules are inline.
      const fontsLoaded = await page.evaluate(() =>
        [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family),
      );
      expect(fontsLoaded.join(' ')).toMatch(/Fraunces/);
    });
  }

  test('the policy really blocks an injected inline script', async ({ page }) => {
    const violations = await watchCsp(page);
    await page.goto('/about');
    const ran = await page.evaluate(() => {
      const w = window as unknown as { __injected?: boolean };
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true;';
      document.body.append(s);
      return w.__injected === true;
    });
    expect(ran).toBe(false);
    await expect
      .poll(async () => (await violations()).filter((v) => v.startsWith('script-src')))
      .toHaveLength(1);
  });
});

test.describe('response headers', () => {
  for (const route of ROUTES) {
    test(`${route.path}: security, caching and compression headers`, async ({ request }) => {
      const response = await request.get(route.path, {
        headers: { 'Accept-Encoding': 'br, gzip' },
      });
      expect(response.status()).toBe(route.status);
      const checks = checkHeaders(route.path, response.headers());
      expect(formatChecks(checks.filter((c) => !c.ok)), formatChecks(checks)).toBe('');
      expect(response.headers()['content-encoding']).toBe('br');
      expect(response.headers()['cache-control']).toMatch(/no-cache|must-revalidate/);
    });
  }

  test('hashed /_astro/ assets are immutable and compressed when text', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const assets = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.startsWith('/_astro/')),
    );
    expect(assets.length).toBeGreaterThan(0);
    for (const path of new Set(assets)) {
      const response = await request.get(path, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(response.status(), path).toBe(200);
      const checks = checkHeaders(path, response.headers(), { acceptEncoding: 'gzip' });
      expect(formatChecks(checks.filter((c) => !c.ok)), path).toBe('');
      expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  test('the contact action answers with the same security headers and is never stored', async ({
    request,
    baseURL,
  }) => {
    const response = await request.post('/_actions/contact.submit', {
      headers: { Origin: baseURL ?? '', Accept: 'application/json' },
      multipart: { name: '', email: 'not-an-email', subject: '', message: '' },
    });
    expect(response.status()).toBeGreaterThanOrEqual(400);
    const checks = checkHeaders('/_actions/contact.submit', response.headers(), {
      method: 'POST',
    });
    expect(formatChecks(checks.filter((c) => !c.ok)), formatChecks(checks)).toBe('');
    expect(response.headers()['cache-control']).toBe('no-store');
  });

  test('no HSTS over plain HTTP, no X-Powered-By anywhere', async ({ request }) => {
    for (const path of ['/', '/about', '/robots.txt', '/og/home.png', '/favicon.svg']) {
      const headers = (await request.get(path)).headers();
      expect(headers['strict-transport-security'], path).toBeUndefined();
      expect(headers['x-powered-by'], path).toBeUndefined();
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['content-security-policy'], path).toBeTruthy();
    }
  });
});
