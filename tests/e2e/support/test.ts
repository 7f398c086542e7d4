/**
 * The e2e suites' `test`: Playwright's, with `page.goto` waiting for hydration. The root sets
 * `<html data-hydrated="true">` once React has hydrated (src/root.tsx), so no test clicks a
 * button before its handler exists. Pages opened with JavaScript disabled only wait for load.
 */
import { test as base, expect, type Page } from '@playwright/test';

export { expect };
export type { APIRequestContext, Locator, Page } from '@playwright/test';

/** Waits until the document has hydrated (no-op when JavaScript is disabled). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 10_000 });
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (javaScriptEnabled !== false) await waitForHydration(page);
      return response;
    };
    await use(page);
  },
});
