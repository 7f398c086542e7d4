/**
 * The contact form in a real browser: with JavaScript (no reload, confirmation announced in
 * role="status", fields cleared, focus moved, per-field errors with the visitor's text kept) and
 * without JavaScript (plain POST, Post/Redirect/Get confirmation, reload does not resubmit,
 * server errors re-rendered next to the fields). Both themes. The time trap's start cookie
 * (docs/decisions/009-form-time-trap-without-a-page-token.md) is set on first focus, by the
 * stylesheet without JavaScript, and cleared once the enquiry is stored.
 */
import { execFileSync } from 'node:child_process';
import type { BrowserContext } from '@playwright/test';
import { expect, test, type Page } from './support/test.ts';
import { expectNoAxeViolations } from './support/site.ts';

/**
 * Stored enquiries (people only: spam is not listed) with this subject, as the operator CLI
 * lists them against the e2e server's DATA_DIR, one line each (with its notification state).
 */
function storedWithSubject(subject: string): string[] {
  const out = execFileSync('node_modules/.bin/node', ['src/server/enquiries/cli.ts', 'list'], {
    env: { PATH: process.env['PATH'] ?? '', DATA_DIR: process.env['E2E_DATA_DIR'] ?? '' },
    encoding: 'utf8',
  });
  return out.split('\n').filter((l) => l.includes(JSON.stringify(subject)));
}

/** The time trap's start cookie in the browser, if set. */
async function startCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === 'enquiry_start');
}

async function fill(
  page: Page,
  prefix: string,
  subject: string,
  over: Record<string, string> = {},
) {
  const v = {
    name: 'Asha Verma',
    email: 'asha@example.com',
    subject,
    message: 'We are launching in March and would like to talk.',
    ...over,
  };
  await page.locator(`#${prefix}-name`).fill(v.name);
  await page.locator(`#${prefix}-email`).fill(v.email);
  await page.locator(`#${prefix}-subject`).fill(v.subject);
  await page.locator(`#${prefix}-message`).fill(v.message);
}

const unique = (label: string, project: string) => `${label} ${project} ${Date.now()}`;

test.describe('with JavaScript', () => {
  test('contact page (dark): sends without reload, announces, clears, moves focus', async ({
    page,
    context,
  }, info) => {
    await page.goto('/contact');
    // Nothing per request in the page: the only hidden field names the form.
    await expect(page.locator('#contact-form input[type="hidden"]')).toHaveCount(1);
    await expect(page.locator('#contact-form input[type="hidden"]')).toHaveAttribute(
      'name',
      'formId',
    );
    expect(await startCookie(context)).toBeUndefined();
    const subject = unique('JS dark', info.project.name);
    await fill(page, 'contact', subject);
    await expect
      .poll(() => startCookie(context))
      .toMatchObject({
        httpOnly: true,
        sameSite: 'Strict',
        path: '/',
      });
    let navigated = false;
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigated = true;
    });
    await page.getByRole('button', { name: 'Send message' }).click();
    const status = page.locator('#contact-status');
    await expect(status).toHaveAttribute('role', 'status');
    await expect(status).toContainText('Thank you');
    await expect(status).toBeFocused();
    for (const f of ['name', 'email', 'subject', 'message']) {
      await expect(page.locator(`#contact-${f}`)).toHaveValue('');
    }
    expect(navigated).toBe(false);
    expect(page.url()).not.toContain('sent=1');
    expect(storedWithSubject(subject)).toHaveLength(1);
    expect(await startCookie(context)).toBeUndefined();
    await expectNoAxeViolations(page, '/contact after sending');
  });

  test('home page (light): invalid input gets a message next to the field; text kept', async ({
    page,
  }, info) => {
    // The testimonials above the form would otherwise rotate on the real clock, and axe could
    // catch a slide mid-fade at half its contrast.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const subject = unique('JS invalid', info.project.name);
    await fill(page, 'home-contact', subject, { email: 'not-an-address' });
    await page.locator('#home-contact-form').getByRole('button', { name: 'Send message' }).click();
    const email = page.locator('#home-contact-email');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAttribute('aria-describedby', 'home-contact-email-error');
    await expect(page.locator('#home-contact-email-error')).toHaveText(
      'Please enter a valid email address, like name@example.com.',
    );
    await expect(email).toBeFocused();
    await expect(page.locator('#home-contact-subject')).toHaveValue(subject);
    await expect(page.locator('#home-contact-name')).not.toHaveAttribute('aria-invalid', 'true');
    expect(storedWithSubject(subject)).toHaveLength(0);
    await expectNoAxeViolations(page, '/ with a form error');

    // Correcting the field and sending again succeeds and clears the error.
    await email.fill('asha@example.com');
    await page.locator('#home-contact-form').getByRole('button', { name: 'Send message' }).click();
    await expect(page.locator('#home-contact-status')).toContainText('Thank you');
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    expect(storedWithSubject(subject)).toHaveLength(1);
  });

  test('the honeypot is hidden from people and assistive technology', async ({ page }) => {
    await page.goto('/contact');
    const trap = page.locator('#contact-website');
    await expect(trap).toHaveAttribute('tabindex', '-1');
    await expect(trap).toHaveAttribute('autocomplete', 'off');
    await expect(page.locator('#contact-form .contact-form__trap')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
    // The wrapper is a 1×1 px clipped box: nothing of the trap is painted for sighted people.
    const box = await page.locator('#contact-form .contact-form__trap').boundingBox();
    expect(box && box.width <= 1 && box.height <= 1).toBe(true);
    await expect(page.getByRole('link', { name: 'How we handle your enquiry' })).toHaveAttribute(
      'href',
      '/contact#privacy',
    );
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('plain POST ends on the confirmation (PRG); reload does not resubmit', async ({
    page,
    context,
  }, info) => {
    await page.goto('/contact');
    const subject = unique('No-JS', info.project.name);
    // The stylesheet's :focus-within image asks for the start: the time trap without JavaScript.
    const started = page.waitForResponse((r) => r.url().endsWith('/api/enquiries/start'));
    await fill(page, 'contact', subject);
    expect((await started).status()).toBe(204);
    expect(await startCookie(context)).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(/\/contact\?sent=1#contact-form$/);
    await expect(page.locator('#contact-status')).toContainText('Thank you');
    await page.reload();
    await expect(page.locator('#contact-status')).toContainText('Thank you');
    // Stored once as a person (spam is not listed), its notification queued for delivery.
    const stored = storedWithSubject(subject);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toContain('notification: pending');
    expect(await startCookie(context)).toBeUndefined();
  });

  test('server-side error re-renders the form with the text kept and the message tied', async ({
    page,
  }, info) => {
    await page.goto('/');
    const subject = unique('No-JS invalid', info.project.name);
    // Spaces satisfy the browser's `required` but not the trimmed server rule.
    await fill(page, 'home-contact', subject, { name: '   ' });
    await page.locator('#home-contact-form').getByRole('button', { name: 'Send message' }).click();
    const name = page.locator('#home-contact-name');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#home-contact-name-error')).toHaveText('Please enter your name.');
    await expect(page.locator('#home-contact-subject')).toHaveValue(subject);
    await expect(page.locator('#home-contact-message')).toHaveValue(
      'We are launching in March and would like to talk.',
    );
    expect(storedWithSubject(subject)).toHaveLength(0);
  });
});
