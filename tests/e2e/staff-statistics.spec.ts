/**
 * `/staff/statistics` in Chromium (docs/decisions/100-cookieless-visit-statistics.md) on a private
 * production server (`support/staff-server.ts`): a visit from a campaign link, counted by the
 * server, shows on the page within its batch time; the period links and the date form change the
 * period in the URL; the charts are drawn (named by their summaries, their figures in a table),
 * a panel's CSV downloads with the visit in it, a Web Vitals report shows in its table, a case
 * study's editing page shows its view;
 * axe-clean at 375 and 1280 px, with a full-page screenshot of each.
 */
import { expect, test, waitsForHydration } from './support/test.ts';
import { expectNoAxeViolations } from './support/site.ts';
import { useStaffServer } from './support/staff-server.ts';

const server = useStaffServer();

test('a counted visit shows on the statistics page, which is axe-clean', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = testInfo.project.name;
  // A visitor from a newsletter's link, reading two pages (no JavaScript needed to be counted).
  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const page1 = await visitor.newPage();
  await page1.goto(`${server.origin}/expertise?utm_source=newsletter&utm_campaign=winter-${tag}`);
  await page1.goto(`${server.origin}/showcase`);
  await page1.goto(`${server.origin}/showcase/a-home-grown-sneaker-label-goes-national`);
  await visitor.close();
  // A browser's field Web Vitals report for the same page, as `src/vitals.ts` sends it.
  const report = await browser.newContext();
  const sent = await report.request.post(`${server.origin}/api/vitals`, {
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: server.origin },
    data: JSON.stringify({ route: 'expertise', LCP: 1800, INP: 90, CLS: 0.02 }),
  });
  expect(sent.status()).toBe(204);
  await report.close();

  const context = await browser.newContext();
  const page = waitsForHydration(await context.newPage());
  await server.enrol(
    page,
    server.invite(`stats.${tag}@kahaani-pr.example`, 'Meera Nair', 'editor'),
  );
  await page
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name: 'Statistics' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();

  // The batch is written within a few seconds: reload until the campaign shows.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('table', { name: 'Campaigns (UTM campaign)' })).toContainText(
      `winter-${tag}`,
    );
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole('table', { name: 'Sources' })).toContainText('newsletter');
  // The report may be in the batch after the views': reload until it shows too.
  await expect(async () => {
    await page.reload();
    await expect(
      page.getByRole('table', { name: 'Field Web Vitals per page, 75th percentile' }),
    ).toContainText('1.80 s (good)');
  }).toPass({ timeout: 15_000 });

  // The charts are in the page's HTML, each named by its summary; the figures in a table.
  const visitors = page.getByRole('img', { name: /^\d+ visitors?, / });
  await expect(visitors).toBeVisible();
  await expect(page.getByRole('img', { name: /^[1-9]\d* page views, / })).toBeVisible();
  await page.getByText('The figures per day').click();
  await expect(
    page.getByRole('table', { name: /Visitors, page views and enquiries per day/ }),
  ).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download as CSV (sources)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^statistics-sources-[\d-]+-to-[\d-]+\.csv$/);
  const csv = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString('utf8')).toMatch(/^newsletter,[1-9]\d*,[1-9]\d*\r$/m);

  await page.getByRole('link', { name: 'Last 30 days' }).click();
  await expect(page).toHaveURL(/range=30d/);
  await expect(page.getByRole('link', { name: 'Last 30 days' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectNoAxeViolations(page, 'staff statistics');
  await page.screenshot({ path: testInfo.outputPath(`statistics-${tag}.png`), fullPage: true });

  await page.getByLabel('From').fill('2026-02-30');
  await page.getByRole('button', { name: 'Show these days' }).click();
  await expect(page).toHaveURL(/from=/);

  // The case study's editing page shows its views.
  await page.goto(`${server.origin}/staff/content/case-studies/items/consumer-lifestyle-1`);
  await expect(page.locator('p', { hasText: 'Last 30 days on the site:' })).toContainText(
    /[1-9]\d* page views?, [1-9]\d* visitors?/,
  );
  await context.close();
});
