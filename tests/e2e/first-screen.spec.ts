/**
 * The home page inlines only the CSS of what the browser draws at once and adds a stylesheet of
 * the rest after the first paint (docs/decisions/018-first-screen-css-on-home.md,
 * docs/decisions/022-later-css-restyles-nothing-drawn.md): what a visitor sees before scrolling
 * must not depend on that stylesheet, the rest of the page must get it, and the two together must
 * style every element exactly as the whole stylesheet does.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { expect, test, waitForHydration } from './support/test.ts';

const LATER = '**/assets/home-later-*.css';

/** The whole stylesheet of the build under test, as the browser entry imports it. */
function wholeStylesheet(): string {
  const client = join(resolve(process.env['BUILD_DIR'] ?? './dist'), 'client');
  const manifest = JSON.parse(readFileSync(join(client, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; css?: string[] }
  >;
  const entry = manifest['src/styles/stylesheet.ts'];
  const file = entry?.file.endsWith('.css') ? entry.file : entry?.css?.[0];
  if (!file) throw new Error('The manifest lists no whole stylesheet');
  return readFileSync(join(client, file), 'utf8');
}

test('the home page looks the same before its later stylesheet arrives', async ({
  browser,
  viewport,
}) => {
  const shot = async (withoutLater: boolean) => {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    const page = await context.newPage();
    if (withoutLater) await page.route(LATER, (r) => r.abort());
    await page.goto('/');
    await waitForHydration(page);
    await page.evaluate(() => document.fonts.ready);
    const image = await page.screenshot({ animations: 'disabled' });
    // The footer's top padding comes from the later stylesheet only: 0 without it.
    const footerPadding = await page
      .getByRole('contentinfo')
      .locator('> div')
      .first()
      .evaluate((el) => getComputedStyle(el).paddingTop);
    await context.close();
    return { image, footerPadding };
  };
  const without = await shot(true);
  const withIt = await shot(false);
  expect(without.footerPadding, 'the later stylesheet was kept out').toBe('0px');
  expect(withIt.footerPadding, 'the later stylesheet arrived after the first paint').not.toBe(
    '0px',
  );
  expect(Buffer.compare(without.image, withIt.image), 'first screens differ').toBe(0);
});

test('below the first screen the home page is styled by the stylesheet it loads', async ({
  page,
}) => {
  await page.goto('/');
  // The footer's top padding (`pt-20`, `md:pt-28`) is none of the inline CSS.
  const footerBody = page.getByRole('contentinfo').locator('> div').first();
  await expect
    .poll(() => footerBody.evaluate((el) => getComputedStyle(el).paddingTop))
    .toMatch(/^(80|112)px$/);
});

/** Computed styles by element (`index tag.class.class`, `::before` and `::after` when drawn). */
type Styles = Record<string, Record<string, string>>;

/**
 * Every element's computed style once both stylesheets have applied and no transition runs. The
 * deferred sections are all rendered first: which of them the browser has drawn depends on where
 * the page has been scrolled, and their sizes with it.
 */
async function computedStyles(page: Page): Promise<Styles> {
  await expect
    .poll(() => page.evaluate(() => document.styleSheets.length), { message: 'stylesheets' })
    .toBeGreaterThan(1);
  await page.evaluate(async () => {
    for (const element of document.querySelectorAll<HTMLElement>('.render-when-near')) {
      element.style.contentVisibility = 'visible';
    }
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
  await expect
    .poll(() =>
      page.evaluate(
        () => document.getAnimations().filter((a) => a instanceof CSSTransition).length,
      ),
    )
    .toBe(0);
  return page.evaluate(() => {
    const out: Record<string, Record<string, string>> = {};
    [...document.body.querySelectorAll('*')].forEach((element, index) => {
      const name = `${index} ${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(element, pseudo);
        if (pseudo && ['none', 'normal'].includes(style.content)) continue;
        const values: Record<string, string> = {};
        for (let i = 0; i < style.length; i++) {
          const property = style.item(i);
          values[property] = style.getPropertyValue(property);
        }
        out[name + (pseudo ?? '')] = values;
      }
    });
    return out;
  });
}

/** `element property: value ≠ value` for every difference between two {@link Styles}. */
function differences(actual: Styles, expected: Styles): string[] {
  const out: string[] = [];
  for (const name of new Set([...Object.keys(actual), ...Object.keys(expected)])) {
    const a = actual[name] ?? {};
    const e = expected[name] ?? {};
    for (const property of new Set([...Object.keys(a), ...Object.keys(e)])) {
      if (a[property] !== e[property]) {
        out.push(`${name} ${property}: ${a[property]} ≠ ${e[property]}`);
      }
    }
  }
  return out;
}

/**
 * The home page's computed styles in a state, with its own later stylesheet and with the whole
 * stylesheet in its place (the order decision 018 used, correct by construction).
 */
async function bothWays(
  browser: Browser,
  options: BrowserContextOptions,
  state: (page: Page) => Promise<void>,
): Promise<{ split: Styles; whole: Styles }> {
  const whole = wholeStylesheet();
  const run = async (replace: boolean) => {
    const context = await browser.newContext({ ...options, reducedMotion: 'reduce' });
    const page = await context.newPage();
    let served = false;
    await page.route(LATER, async (route) => {
      served = true;
      if (replace) await route.fulfill({ status: 200, contentType: 'text/css', body: whole });
      else await route.continue();
    });
    await page.goto('/');
    await waitForHydration(page);
    await state(page);
    await expect.poll(() => served, { message: 'the later stylesheet was requested' }).toBe(true);
    await page.evaluate(() => document.fonts.ready);
    const styles = await computedStyles(page);
    await context.close();
    return styles;
  };
  return { split: await run(false), whole: await run(true) };
}

test.describe('the inline CSS and the later stylesheet style every element as the whole stylesheet does', () => {
  test('as the page loads', async ({ browser, viewport, isMobile, hasTouch }) => {
    const { split, whole } = await bothWays(
      browser,
      { viewport, isMobile, hasTouch },
      async () => {},
    );
    expect(Object.keys(split).length).toBeGreaterThan(500);
    expect(differences(split, whole)).toEqual([]);
  });

  test('with the menu open and the form showing its errors', async ({
    browser,
    viewport,
    isMobile,
    hasTouch,
  }) => {
    const { split, whole } = await bothWays(
      browser,
      { viewport, isMobile, hasTouch },
      async (page) => {
        const form = page.locator('#home-contact-form');
        await form.getByRole('button', { name: 'Send message' }).click();
        await expect(form.getByRole('status')).not.toBeEmpty();
        const toggle = page.getByRole('button', { name: 'Open menu' });
        if (await toggle.isVisible()) {
          await page.evaluate(() => window.scrollTo(0, 0));
          await toggle.click();
          await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
        }
      },
    );
    expect(differences(split, whole)).toEqual([]);
  });
});
