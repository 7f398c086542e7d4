/**
 * Shared e2e fixtures: the routes (src/pages.ts), the site
 * configuration (the one source of contact details) and small helpers.
 */
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { NOT_FOUND_PAGE, PAGES as SITE_PAGES, type RouteId } from '../../../src/pages.ts';
import { site, addressLine } from '../../../src/site.config.ts';

export { site, addressLine };

/** A route with its route id (as used by `pages.yaml` and `/og/<id>.png`) and its status. */
export interface RouteInfo {
  id: RouteId;
  path: string;
  status: 200 | 404;
}

/** The pages (`src/pages.ts`) that answer 200. */
export const PAGES: readonly RouteInfo[] = SITE_PAGES.map(({ id, path }) => ({
  id,
  path,
  status: 200,
}));

/** Every page, then the not-found page at unknown paths (`/privacy` and `/terms` among them). */
export const ROUTES: readonly RouteInfo[] = [
  ...PAGES,
  { id: NOT_FOUND_PAGE.id, path: '/this-page-does-not-exist-e2e', status: 404 },
  { id: NOT_FOUND_PAGE.id, path: '/privacy', status: 404 },
  { id: NOT_FOUND_PAGE.id, path: '/terms', status: 404 },
];

/** A case study's page (`/showcase/<slug>`, src/content/case-studies.yaml), checked as a page. */
export const CASE_STUDY = {
  path: '/showcase/a-home-grown-sneaker-label-goes-national',
  title: 'A home-grown sneaker label goes national',
  status: 200,
} as const;

/** True in the 375px `mobile` project (touch, collapsed nav). */
export const isMobile = (testInfo: TestInfo): boolean => testInfo.project.name === 'mobile';

/** WCAG 2.2 A/AA rule tags for axe (docs/product.md#accessibility). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe-core on the current page state and fails with a readable list of violations
 * (rule id, impact, help text and the offending selectors) when there are any.
 */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const report = results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').join(' ') ?? ''}`)
        .join('\n'),
  );
  expect(report, `axe violations on ${what}`).toEqual([]);
}

/**
 * Parses a computed CSS colour into sRGB [r, g, b, a] (0–255, alpha 0–1). Handles what Chromium's
 * getComputedStyle returns: `rgb()`/`rgba()`, and `oklab()`/`oklch()` (Tailwind v4 colours and
 * `color-mix()` results), converted with Björn Ottosson's OKLab matrices.
 * @throws Error for any other syntax, so a test never compares colours it did not understand.
 */
export function parseColor(css: string): [number, number, number, number] {
  const m = /^(rgba?|oklab|oklch)\(([^)]+)\)$/.exec(css.trim());
  if (!m?.[1] || !m[2]) {
    if (css === 'transparent') return [0, 0, 0, 0];
    throw new Error(`Unparsable colour: ${css}`);
  }
  const [body = '', alphaPart] = m[2].split('/');
  const nums = body
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((v) => (v.endsWith('%') ? parseFloat(v) / 100 : parseFloat(v)));
  const commaAlpha = m[1] === 'rgba' || (m[1] === 'rgb' && nums.length === 4) ? nums[3] : undefined;
  const alpha =
    alphaPart !== undefined
      ? alphaPart.trim().endsWith('%')
        ? parseFloat(alphaPart) / 100
        : parseFloat(alphaPart)
      : (commaAlpha ?? 1);
  if (m[1].startsWith('rgb')) return [nums[0] ?? 0, nums[1] ?? 0, nums[2] ?? 0, alpha];
  let [L = 0, a = 0, b = 0] = nums;
  if (m[1] === 'oklch') {
    const [, C = 0, h = 0] = nums;
    a = C * Math.cos((h * Math.PI) / 180);
    b = C * Math.sin((h * Math.PI) / 180);
  }
  if (L > 1.5) L /= 100; // tolerate "27%" already scaled or raw percentages
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const mm = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const lin = [
    4.0767416621 * l - 3.3077115913 * mm + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * mm - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * mm + 1.707614701 * s,
  ];
  const enc = (x: number): number => {
    const c = Math.min(Math.max(x, 0), 1);
    return 255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);
  };
  return [enc(lin[0] ?? 0), enc(lin[1] ?? 0), enc(lin[2] ?? 0), alpha];
}

/**
 * Composites background layers (nearest first, as read from an element and its ancestors) into
 * the opaque colour actually painted, over a white canvas. Returns `rgb(r, g, b)`.
 */
export function compositeLayers(layers: readonly string[]): string {
  const parsed = layers.map(parseColor).filter((c) => c[3] > 0);
  const firstOpaque = parsed.findIndex((c) => c[3] >= 1);
  const stack = firstOpaque === -1 ? parsed : parsed.slice(0, firstOpaque + 1);
  let [r, g, b] = [255, 255, 255];
  for (const [cr, cg, cb, ca] of stack.reverse()) {
    r = cr * ca + r * (1 - ca);
    g = cg * ca + g * (1 - ca);
    b = cb * ca + b * (1 - ca);
  }
  return `rgb(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)})`;
}

/** WCAG 2 contrast ratio of two opaque colours (1–21). */
export function contrast(a: string, b: string): number {
  const lum = (css: string): number => {
    const [r, g, bl] = parseColor(css).map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [l1, l2] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}

/**
 * Scrolls the window instantly (no smooth behaviour). Does not wait for a frame, so it also works
 * while `page.clock` holds animation frames; callers poll for the effect they expect.
 */
export async function scrollToY(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
}

/**
 * Waits for two rendering frames, by which time scroll events from an earlier `scrollTo` have
 * been dispatched and styles recomputed. Not for use while `page.clock` is paused.
 */
export async function settleFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
}

/** Fixed fake start time for clock-driven tests (ms since epoch): 2030-06-15T10:00:00Z. */
export const CLOCK_START = Date.UTC(2030, 5, 15, 10, 0, 0);

/**
 * Installs Playwright's fake clock and pauses it BEFORE the page loads, so every timer a widget
 * starts on load is scheduled at a known instant and only `page.clock.runFor(ms)` moves time on.
 * Must be called before `page.goto`.
 */
export async function pauseClock(page: Page, start = CLOCK_START): Promise<void> {
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1000);
}

/**
 * The opaque background colour visible behind `selector`'s centre, ignoring the elements inside
 * `ignoreWithin` (e.g. the transparent fixed header): the layers of the topmost remaining
 * element and its ancestors, composited over the white canvas.
 */
export async function backdropColor(
  page: Page,
  selector: string,
  ignoreWithin: string,
): Promise<string> {
  const layers = await page.evaluate(
    ([sel, ignore]) => {
      const el = document.querySelector(sel);
      if (!el) throw new Error(`no ${sel}`);
      const r = el.getBoundingClientRect();
      const stack = document.elementsFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      const out: string[] = [];
      for (let e = stack.find((x) => !x.closest(ignore)) ?? null; e; e = e.parentElement) {
        out.push(getComputedStyle(e).backgroundColor);
      }
      return out;
    },
    [selector, ignoreWithin] as const,
  );
  return compositeLayers(layers);
}

/** The opaque background painted behind `selector` (its own and its ancestors' layers). */
export async function effectiveBackground(page: Page, selector: string): Promise<string> {
  const layers = await page.evaluate((sel) => {
    const out: string[] = [];
    for (let e: Element | null = document.querySelector(sel); e; e = e.parentElement) {
      out.push(getComputedStyle(e).backgroundColor);
    }
    return out;
  }, selector);
  return compositeLayers(layers);
}

/** Relative luminance (0 black – 1 white) of an opaque CSS colour. */
export function luminance(css: string): number {
  return 0.05 * contrast(css, 'rgb(0, 0, 0)') - 0.05;
}

/** A TCP port that is free right now (for a test's private server); one helper for all suites. */
export { freePort } from '../../../scripts/lib/free-port.ts';

/**
 * The expanded state Chromium exposes to assistive technology for the element `locator` finds
 * (its accessibility tree through the DevTools protocol, not an attribute): `true`, `false`, or
 * `undefined` when the element has none. A `popovertarget` button gets it from its popover
 * (https://w3c.github.io/html-aam/#att-popovertarget), with or without scripts.
 */
export async function accessibleExpanded(locator: Locator): Promise<boolean | undefined> {
  const page = locator.page();
  const marker = `ax-${Math.random().toString(36).slice(2)}`;
  await locator.evaluate((el, m) => el.setAttribute('data-ax-probe', m), marker);
  const cdp = await page.context().newCDPSession(page);
  try {
    const { result } = await cdp.send('Runtime.evaluate', {
      expression: `document.querySelector('[data-ax-probe="${marker}"]')`,
    });
    if (!result.objectId) throw new Error('accessibleExpanded: the element is gone');
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', {
      objectId: result.objectId,
      fetchRelatives: false,
    });
    const expanded = nodes[0]?.properties?.find((p) => p.name === 'expanded');
    return expanded ? Boolean(expanded.value.value) : undefined;
  } finally {
    await cdp.detach();
    await locator.evaluate((el) => el.removeAttribute('data-ax-probe'));
  }
}

/**
 * Draws every section the browser is still skipping (`.render-when-near`, `content-visibility:
 * auto`), as if the visitor had scrolled past each: `innerText` leaves skipped content out. Sets
 * an inline `content-visibility: visible`, which the page's CSP allows (CSSOM, not markup).
 */
export async function drawDeferredSections(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>('.render-when-near'))
      el.style.contentVisibility = 'visible';
  });
}
