/**
 * The e2e suites' `test`: Playwright's, with `page.goto` waiting for hydration. The root sets
 * `<html data-hydrated="true">` once React has hydrated (src/root.tsx), so no test clicks a
 * button before its handler exists. Pages opened with JavaScript disabled only wait for load.
 */
import { test as base, expect, type Page } from '@playwright/test';

export { expect };
export type { APIRequestContext, Locator, Page } from '@playwright/test';

/**
 * Waits until the document has hydrated (no-op when JavaScript is disabled), or returns at once
 * on a page that ships no framework script and so never hydrates: one without the framework's
 * modulepreloads (an item page, docs/decisions/150-item-pages-ship-no-framework-javascript.md).
 */
export async function waitForHydration(page: Page): Promise<void> {
  if (await isStaticPage(page)) return;
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 10_000 });
}

/** Whether the page loaded ships none of the framework's scripts (no `modulepreload`). */
export async function isStaticPage(page: Page): Promise<boolean> {
  return (await page.locator('link[rel="modulepreload"]').count()) === 0;
}

/**
 * Makes `page.goto` wait for hydration, as the `page` fixture's does: for the pages of browser
 * contexts a test opens itself. Typing into a form before it hydrates loses the text (React sets
 * a server-rendered `<textarea>`'s value back to its default as it hydrates).
 * @returns the same page
 */
export function waitsForHydration(page: Page, javaScriptEnabled = true): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (javaScriptEnabled) await waitForHydration(page);
    return response;
  };
  return page;
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(waitsForHydration(page, javaScriptEnabled !== false));
  },
});
