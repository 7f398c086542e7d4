/**
 * Staff roles in Chromium (docs/decisions/053-staff-roles.md), two people on one private
 * production server (`support/staff-server.ts`), each enrolled from a CLI invite with Chromium's
 * virtual authenticator: an editor asking for the owners' page `/staff/people` gets the 403 page
 * (and no link to it); the owner changes the editor's role there with the select and Save; the
 * editor's next request sees the new role. Axe-clean at 375 and 1280 px.
 */
import type { Browser } from '@playwright/test';
import { expect, test, type Page, waitsForHydration } from './support/test.ts';
import { expectNoAxeViolations } from './support/site.ts';
import { useStaffServer } from './support/staff-server.ts';

const server = useStaffServer();

/** A browser of its own (a person's device) signed in from `link`. */
async function enrolled(browser: Browser, link: string): Promise<Page> {
  const page = waitsForHydration(await (await browser.newContext()).newPage());
  await server.enrol(page, link);
  return page;
}

test('an editor is refused the owners’ page; the owner changes the editor’s role there', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = testInfo.project.name;
  const ownerLink = server.invite(`owner.${tag}@kahaani-pr.example`, 'Meera Nair', 'owner');
  const editorName = `Dev Rao ${tag}`;
  const editorLink = server.invite(`dev.${tag}@kahaani-pr.example`, editorName, 'editor');

  const editor = await enrolled(browser, editorLink);
  const nav = editor.getByRole('navigation', { name: 'Staff' });
  await expect(nav.getByRole('link', { name: 'Account' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'People' })).toHaveCount(0);
  const refused = await editor.goto(`${server.origin}/staff/people`);
  expect(refused?.status()).toBe(403);
  await expect(editor.getByRole('heading', { level: 1, name: 'Not for your role' })).toBeVisible();
  await expect(editor.getByText('yours is an editor')).toBeVisible();
  await expectNoAxeViolations(editor, 'staff refused');

  const owner = await enrolled(browser, ownerLink);
  await owner
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name: 'People' })
    .click();
  await expect(owner.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  const select = owner.getByRole('combobox', { name: `Role of ${editorName}` });
  await expect(select).toHaveValue('editor');
  await expectNoAxeViolations(owner, 'staff people');
  await select.selectOption('publisher');
  await owner.getByRole('button', { name: `Save the role of ${editorName}` }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Role saved.' })).toBeVisible();
  await expect(select).toHaveValue('publisher');
  expect(server.cli(['staff', 'list'])).toMatch(
    new RegExp(
      `^dev\\.${tag}@kahaani-pr\\.example {2}"${editorName}" {2}publisher {2}active `,
      'm',
    ),
  );

  // The editor's next request has the new role: still not an owner's page.
  await editor.reload();
  await expect(editor.getByText('yours is a publisher')).toBeVisible();
});
