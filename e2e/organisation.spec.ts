import { expect, test } from '@playwright/test';
import { signInAs } from './support/auth';

/** The Organisation area: reached from the admin's user menu, refused to staff. */

test('an admin declares, renames and removes a public holiday from the user menu', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.getByRole('button', { name: /Alex Morgan/ }).click();
  await page.getByRole('link', { name: 'Organisation' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Organisation' })).toBeVisible();
  await page.getByRole('tab', { name: 'Schedules & Holidays' }).click();

  // The next year is empty in the demo, whatever today is.
  await page.getByRole('button', { name: 'Next year' }).click();
  const year = new Date().getUTCFullYear() + 1;
  await expect(page.getByRole('heading', { name: `Public Holidays ${year}` })).toBeVisible();

  await page.getByRole('button', { name: 'Add Holiday' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('');
  await dialog.getByRole('button', { name: 'Save Holiday' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Date').fill(`${year}-12-25`);
  await dialog.getByLabel('Name').fill('Christmas Day');
  await dialog.getByRole('button', { name: 'Save Holiday' }).click();
  await expect(dialog).toHaveCount(0);
  const list = page.getByRole('list', { name: `Public Holidays ${year}` });
  await expect(list.getByText('Christmas Day')).toBeVisible();
  // The demo has two sites: a holiday is of every site unless one is chosen, and each row says which.
  await expect(list.getByRole('listitem').filter({ hasText: 'Christmas Day' })).toContainText('All sites');

  await page.getByRole('button', { name: 'Add Holiday' }).click();
  await expect(dialog.getByLabel('Site')).toHaveValue('');
  await dialog.getByLabel('Date').fill(`${year}-08-09`);
  await dialog.getByLabel('Name').fill('National Day');
  await dialog.getByLabel('Site').selectOption({ label: 'Singapore Warehouse' });
  await page.screenshot({ path: test.info().outputPath('holiday-dialog-desktop.png') });
  await dialog.getByRole('button', { name: 'Save Holiday' }).click();
  await expect(dialog).toHaveCount(0);
  const national = list.getByRole('listitem').filter({ hasText: 'National Day' });
  await expect(national).toContainText('Singapore Warehouse');
  await page.screenshot({ path: test.info().outputPath('holidays-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(national).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('holidays-phone.png'), fullPage: true });
  await list.getByRole('button', { name: 'Edit National Day' }).click();
  await expect(dialog.getByLabel('Site')).toHaveValue(/\d+/);
  await page.screenshot({ path: test.info().outputPath('holiday-dialog-phone.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await list.getByRole('button', { name: 'Remove National Day' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(national).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  await list.getByRole('button', { name: 'Edit Christmas Day' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('Christmas');
  await page.getByRole('dialog').getByRole('button', { name: 'Save Holiday' }).click();
  await expect(list.getByText('Christmas', { exact: true })).toBeVisible();

  await list.getByRole('button', { name: 'Remove Christmas' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`No public holidays declared for ${year}.`)).toBeVisible();
});

test('an admin renames the organisation and the top bar shows it', async ({ page }) => {
  await signInAs(page, 'admin', '/settings');
  await page.getByRole('tab', { name: 'Settings' }).click();
  const name = page.getByLabel('Organisation name');
  await expect(name).toHaveValue('Atrium');
  await name.fill('Northwind Traders');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByTestId('organisation-name')).toHaveText('Northwind Traders');

  await name.fill('Atrium');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByTestId('organisation-name')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an admin adds a department, gives it a schedule, renames and deletes it', async ({ page }) => {
    await signInAs(page, 'admin', '/settings');
    await page.getByRole('tab', { name: 'Departments' }).click();
    const name = `E2E Dept ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Add Department' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add Department' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Add Department' }).click();
    await expect(dialog).toHaveCount(0);
    const departments = page.getByRole('list', { name: 'Departments' });
    await expect(departments.getByText(name, { exact: true })).toBeVisible();

    // A department with people cannot go: the server's refusal is shown.
    await departments.getByRole('button', { name: 'Delete Warehouse', exact: true }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByRole('alert')).toContainText(/Warehouse still has \d+ people/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('tab', { name: 'Schedules & Holidays' }).click();
    const schedules = page.getByRole('list', { name: 'Work Schedules' });
    await schedules.getByRole('button', { name: `Edit schedule of ${name}` }).click();
    dialog = page.getByRole('dialog');
    await expect(
      dialog.getByText('Applies from today; earlier days keep the schedule they had.'),
    ).toBeVisible();
    await dialog.getByLabel('Friday').uncheck();
    await dialog.getByLabel('Saturday').check();
    await dialog.getByLabel('End').fill('07:00');
    await dialog.getByRole('button', { name: 'Save Schedule' }).click();
    await expect(dialog.getByText('End must be after the start time')).toBeVisible();
    await dialog.getByLabel('End').fill('16:00');
    await dialog.getByLabel('Grace (minutes)').fill('5');
    await dialog.getByRole('button', { name: 'Save Schedule' }).click();
    await expect(dialog).toHaveCount(0);
    const row = schedules.getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText('Mon–Thu, Sat · 09:00–16:00 · 5 min grace');

    await page.getByRole('tab', { name: 'Departments' }).click();
    await departments.getByRole('button', { name: `Rename ${name}` }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(`${name} Renamed`);
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await expect(departments.getByText(`${name} Renamed`, { exact: true })).toBeVisible();

    await departments.getByRole('button', { name: `Delete ${name} Renamed` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(departments.getByText(`${name} Renamed`, { exact: true })).toHaveCount(0);
  });
});

test('staff have no Organisation menu and are refused the page', async ({ page }) => {
  await signInAs(page, 'user');
  await expect(page.getByRole('link', { name: 'Organisation' })).toHaveCount(0);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
});

test('an admin places a department inside another; the tree shows it, and a loop is not offered', async ({
  page,
}) => {
  await signInAs(page, 'admin', '/settings');
  await page.getByRole('tab', { name: 'Departments' }).click();
  const departments = page.getByRole('list', { name: 'Departments' });
  // The demo's branch: Security sits inside Facilities.
  await expect(departments.getByRole('listitem').filter({ hasText: 'Security' })).toContainText(
    'Inside Facilities',
  );

  const name = `E2E Branch ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Add Department' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Add Department' }).click();
  await expect(dialog).toHaveCount(0);

  await departments.getByRole('button', { name: `Set Parent of ${name}` }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Parent department').selectOption({ label: '\u2003Security' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const row = departments.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('Inside Facilities > Security');

  // Facilities cannot move inside its own branch: neither it nor what sits inside it is offered.
  await departments.getByRole('button', { name: 'Set Parent of Facilities' }).click();
  dialog = page.getByRole('dialog');
  const offered = await dialog.getByLabel('Parent department').locator('option').allTextContents();
  expect(offered.map((o) => o.trim())).not.toContain('Security');
  expect(offered.map((o) => o.trim())).not.toContain(name);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await departments.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
});
