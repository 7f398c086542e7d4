/**
 * The staff inbox in Chromium, end to end, on a private production server with an SMTP server
 * and a stand-in for Slack (`support/staff-server.ts`), signing in with Chromium's virtual
 * authenticator (the DevTools protocol's WebAuthn domain):
 *
 * - invite (the enquiries CLI) → enrol a passkey → sign out (Back then offers sign-in and says
 *   nothing of a session that ran out) → sign in → find a held enquiry → release it → e-mail and
 *   Slack each get it once → mark it handled → sign out;
 * - expired, reused and altered invite links are refused with a page that says which;
 * - every action also works as a plain form post without JavaScript (303 back to the page);
 * - by keyboard; axe-core (WCAG 2.2 A/AA) on every staff screen at this project's width
 *   (375 and 1280 px); no CSP violation, page error or hydration warning anywhere.
 */
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import type { BrowserContext, TestInfo } from '@playwright/test';
import { expect, test, type Page } from './support/test.ts';
import { expectNoAxeViolations, isMobile } from './support/site.ts';
import { addPasskeyDevice, useStaffServer, watch } from './support/staff-server.ts';

const server = useStaffServer();

/** Posts an enquiry as the contact form does without JavaScript; a filled honeypot holds it. */
async function postEnquiry(
  page: Page,
  fields: { name: string; email: string; subject: string; message: string; website?: string },
): Promise<void> {
  const res = await page.request.post(`${server.origin}/contact`, {
    form: { website: '', ...fields },
    headers: { Origin: server.origin },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
}

/** The screenshot of a staff screen, named by project. */
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({
    path: testInfo.outputPath(`staff-${name}-${testInfo.project.name}.png`),
    fullPage: true,
  });
}

/** Axe and a screenshot of the current screen. */
async function check(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await expectNoAxeViolations(page, `staff ${name}`);
  await shot(page, testInfo, name);
}

test('invite, enrol, sign in, release a held enquiry delivered once, mark it handled, sign out', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const problems = watch(page, [404, 410]);
  const tag = testInfo.project.name;
  const held = `Held by the honeypot (${tag})`;
  await postEnquiry(page, {
    name: 'Asha Verma',
    email: `asha.${tag}@example.com`,
    subject: `A product launch (${tag})`,
    message: 'We launch in March and would like to talk about coverage.',
  });
  await postEnquiry(page, {
    name: 'Ravi Held',
    email: `ravi.${tag}@example.com`,
    subject: held,
    message: 'A real person whose browser filled the hidden field.',
    website: 'http://autofill.example',
  });

  const link = server.invite(`meera.${tag}@kahaani-pr.example`, 'Meera Nair');
  // The CLI queued the invite in the outbox (SMTP is configured); the server e-mailed it.
  await expect
    .poll(() => server.mails.filter((m) => m.to.includes(`meera.${tag}@kahaani-pr.example`)), {
      timeout: 30_000,
    })
    .toHaveLength(1);
  // (Quoted-printable mail bodies break long lines with a trailing `=`.)
  const inviteMail = server.mails.find((m) => m.to.includes(`meera.${tag}@kahaani-pr.example`));
  expect(inviteMail?.raw.replace(/=\r?\n/g, '')).toContain(
    new URL(link).searchParams.get('token') ?? 'no token',
  );
  await addPasskeyDevice(page);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Meera Nair' })).toBeVisible();
  await check(page, testInfo, 'invite');
  await page.getByRole('button', { name: 'Create your passkey' }).click();
  await page.waitForURL(`${server.origin}/staff`);
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await check(page, testInfo, 'inbox');

  // Out; Back to the inbox leads to sign-in, saying nothing of a session that ran out.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/staff\/sign-in\?signed-out=1$/);
  await expect(page.getByRole('status').filter({ hasText: 'You are signed out.' })).toBeVisible();
  await check(page, testInfo, 'sign-in');
  await page.goBack();
  await page.waitForURL(`${server.origin}/staff/sign-in`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('without activity')).toHaveCount(0);
  // And back in with the passkey alone.
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.waitForURL(`${server.origin}/staff`);

  // The held enquiry, found by its status.
  await page
    .getByRole('navigation', { name: 'Filter by status' })
    .getByRole('link', { name: 'Held as spam' })
    .click();
  await expect(page).toHaveURL(/status=held/);
  await check(page, testInfo, 'inbox-held');
  await page.getByRole('link', { name: held }).click();
  await expect(page.getByRole('heading', { level: 1, name: held })).toBeVisible();
  await expect(page.getByText('Held as spam').first()).toBeVisible();
  await check(page, testInfo, 'enquiry-held');

  await page.getByRole('button', { name: 'Release and deliver' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Released' })).toBeVisible();
  await expect(page).toHaveURL(/done=released/);

  // Delivered to e-mail and Slack, once each.
  const mailsFor = () => server.mails.filter((m) => m.raw.includes(held)).length;
  const slackFor = () => server.slack.filter((b) => b.includes(held)).length;
  await expect.poll(mailsFor, { timeout: 30_000 }).toBe(1);
  await expect.poll(slackFor, { timeout: 30_000 }).toBe(1);
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByRole('table').getByText('Delivered', { exact: true }).count();
      },
      { timeout: 30_000 },
    )
    .toBe(2);
  await check(page, testInfo, 'enquiry-released');
  expect(mailsFor()).toBe(1);
  expect(slackFor()).toBe(1);

  await page.getByRole('button', { name: 'Mark handled' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Marked handled.' })).toBeVisible();
  await expect(page.getByText('Handled', { exact: true }).first()).toBeVisible();

  // The other screens.
  await page
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name: 'Delivery' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery' })).toBeVisible();
  await check(page, testInfo, 'delivery');
  await page
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name: 'Erase' })
    .click();
  await check(page, testInfo, 'erase');
  await page.getByLabel('Email address of the person').fill(`asha.${tag}@example.com`);
  await page.getByRole('button', { name: 'Review what will be erased' }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: /Erase 1 enquiry sent from/ }),
  ).toBeVisible();
  await check(page, testInfo, 'erase-review');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await page
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name: 'Account' })
    .click();
  await expect(page.getByText('This is your only passkey')).toBeVisible();
  await check(page, testInfo, 'account');
  await page.goto(`${server.origin}/staff/no-such-screen`);
  await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
  await check(page, testInfo, 'not-found');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/staff\/sign-in/);
  await page.goto(`${server.origin}/staff`);
  await expect(page).toHaveURL(/\/staff\/sign-in/);
  expect(problems).toEqual([]);
});

test('expired, used and altered invite links are refused with a page that says which', async ({
  page,
}, testInfo) => {
  const problems = watch(page, [404, 410]);
  const tag = testInfo.project.name;
  await addPasskeyDevice(page);

  const altered = server
    .invite(`altered.${tag}@kahaani-pr.example`, 'Altered Link')
    .replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
  const response = await page.goto(altered);
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This invite link cannot be used' }),
  ).toBeVisible();
  await expect(page.getByText('not one the inbox issued')).toBeVisible();
  await check(page, testInfo, 'invite-altered');

  const expiredLink = server.invite(`expired.${tag}@kahaani-pr.example`, 'Expired Link');
  const db = new DatabaseSync(join(server.dataDir, 'enquiries.sqlite'));
  try {
    // 24 hours on, as the store sees it.
    db.prepare(
      `UPDATE staff_invites SET expires_at = 0 WHERE staff_id =
         (SELECT id FROM staff WHERE email = ?)`,
    ).run(`expired.${tag}@kahaani-pr.example`);
  } finally {
    db.close();
  }
  expect((await page.goto(expiredLink))?.status()).toBe(410);
  await expect(
    page.getByText('This link has expired: invite links work for 24 hours.'),
  ).toBeVisible();

  const used = server.invite(`used.${tag}@kahaani-pr.example`, 'Used Link');
  await page.goto(used);
  await page.getByRole('button', { name: 'Create your passkey' }).click();
  await page.waitForURL(`${server.origin}/staff`);
  await page.context().clearCookies();
  expect((await page.goto(used))?.status()).toBe(410);
  await expect(page.getByText('This link has already been used to create a passkey')).toBeVisible();
  await page.getByRole('link', { name: 'sign in' }).click();
  await expect(page).toHaveURL(/\/staff\/sign-in$/);
  expect(problems).toEqual([]);
});

test('every inbox action works as a plain form post without JavaScript', async ({
  page,
  browser,
}, testInfo) => {
  const tag = testInfo.project.name;
  const subject = `Without JavaScript (${tag})`;
  await postEnquiry(page, {
    name: 'Kabir Sood',
    email: `kabir.${tag}@example.com`,
    subject,
    message: 'Testing the plain form posts.',
  });
  await server.enrol(page, server.invite(`nojs.${tag}@kahaani-pr.example`, 'No Script'));

  const context: BrowserContext = await browser.newContext({
    javaScriptEnabled: false,
    viewport: page.viewportSize(),
    storageState: await page.context().storageState(),
  });
  try {
    const plain = await context.newPage();
    const posts: number[] = [];
    plain.on('response', (r) => {
      if (r.request().method() === 'POST') posts.push(r.status());
    });
    await plain.goto(`${server.origin}/staff?q=${encodeURIComponent(subject)}`);
    await plain.getByRole('link', { name: subject }).click();
    for (const [button, notice] of [
      ['Mark handled', 'Marked handled.'],
      ['Reopen', 'Reopened'],
      ['Mark as spam', 'Marked as spam'],
      ['Release and deliver', 'Released'],
    ] as const) {
      await plain.getByRole('button', { name: button }).click();
      await expect(plain.getByRole('status').filter({ hasText: notice })).toBeVisible();
    }
    expect(posts).toEqual([303, 303, 303, 303]);
    // Passkey ceremonies need JavaScript, and the page says so. (Chromium with scripts turned
    // off by the DevTools protocol still parses <noscript> as text, so its text is read.)
    await plain.goto(`${server.origin}/staff/account`);
    await expect(plain.getByRole('button', { name: 'Add a passkey' })).toBeDisabled();
    expect(await plain.locator('noscript').first().textContent()).toContain(
      'Passkeys are created and used by your browser’s own prompt, which needs JavaScript.',
    );
    await plain.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(plain).toHaveURL(/\/staff\/sign-in\?signed-out=1$/);
  } finally {
    await context.close();
  }
});

test('the inbox works by keyboard', async ({ page }, testInfo) => {
  test.skip(isMobile(testInfo), 'keyboard use is exercised at desktop width');
  const subject = `By keyboard (${testInfo.project.name})`;
  await postEnquiry(page, {
    name: 'Tara DSouza',
    email: 'tara.keys@example.com',
    subject,
    message: 'Tab, tab, enter.',
  });
  await addPasskeyDevice(page);
  await page.goto(server.invite('keys@kahaani-pr.example', 'Key Board'));
  await page.getByRole('button', { name: 'Create your passkey' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(`${server.origin}/staff`);

  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  const target = page.getByRole('link', { name: subject });
  for (let i = 0; i < 40 && !(await target.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const el = document.activeElement;
      return el && el !== document.body ? getComputedStyle(el).outlineStyle : 'none';
    });
    expect(outline, 'every focused control shows a focus ring').not.toBe('none');
  }
  await expect(target).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.locator('main#main')).toBeFocused();
  await page.getByRole('button', { name: 'Mark handled' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Marked handled.' })).toBeVisible();
});
