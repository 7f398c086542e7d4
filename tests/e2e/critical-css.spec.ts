/**
 * Each page paints from its critical CSS, and the whole stylesheet that follows restyles nothing
 * already drawn (docs/decisions/026-critical-css-by-beasties.md): every element's box and
 * computed style are the same before and after it loads. Scripts are held back, so the CSS alone
 * is compared; sections that skip rendering below the fold are drawn for the comparison.
 */
import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from './support/site.ts';

/**
 * Per element (and its ::before/::after): its box (px) and a hash of its whole computed style.
 */
function snapshot(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Animations (the scroll cue's nudge) are compared at their start, not at whatever moment.
    for (const animation of document.getAnimations()) {
      animation.pause();
      animation.currentTime = 0;
    }
    const hash = (text: string) => {
      let h = 0x811c9dc5;
      for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
      return (h >>> 0).toString(16);
    };
    const style = (element: Element, pseudo?: string) => {
      const computed = getComputedStyle(element, pseudo);
      // A pseudo-element without content draws nothing.
      if (pseudo && computed.content === 'none') return '-';
      let text = '';
      for (let i = 0; i < computed.length; i++) {
        const name = computed.item(i);
        text += `${name}:${computed.getPropertyValue(name)};`;
      }
      return hash(text);
    };
    return [...document.body.querySelectorAll('*')].map((element) => {
      const box = element.getBoundingClientRect();
      const where = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}`;
      return `${where} ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)} ${style(element)} ${style(element, '::before')} ${style(element, '::after')}`;
    });
  });
}

for (const route of ROUTES.filter((r) => r.path !== '/privacy' && r.path !== '/terms')) {
  test(`${route.path}: the whole stylesheet restyles nothing the critical CSS drew`, async ({
    page,
  }) => {
    // Two snapshots of every computed style of a long page: seconds on a loaded 2-core machine.
    test.setTimeout(90_000);
    await page.route('**/assets/*.js', (request) => request.abort());
    await page.goto(route.path);
    // Draw the sections that would skip rendering until they come near the viewport.
    await page.evaluate(() => {
      for (const section of document.querySelectorAll<HTMLElement>('.render-when-near'))
        section.style.contentVisibility = 'visible';
    });
    const href = await page.evaluate(
      () => /href="([^"]+)"/.exec(document.querySelector('noscript')?.textContent ?? '')?.[1],
    );
    expect(href, 'the page names its whole stylesheet').toMatch(/^\/assets\/[\w-]+\.css$/);
    const before = await snapshot(page);
    await page.evaluate(
      (url) =>
        new Promise<void>((resolve, reject) => {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.href = url ?? '';
          link.onload = () => resolve();
          link.onerror = () => reject(new Error(`${url} did not load`));
          document.head.append(link);
        }),
      href,
    );
    const after = await snapshot(page);
    expect(after.length).toBe(before.length);
    const changed = after.filter((line, i) => line !== before[i]);
    expect(changed, 'elements the whole stylesheet restyled').toEqual([]);
  });
}
