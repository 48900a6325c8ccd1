import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signInAs } from './support/auth';
import { createThrowaway, retireThrowaways, type Throwaway } from './support/people';

/**
 * Access levels (issue 32) in the browser: an admin makes a level with a weekday schedule, grants
 * it to the demo User's department, and the User sees its door and hours on My Access; on a
 * person's page an admin grants, suspends and revokes a level of their own.
 */

const stamp = Date.now().toString(36);
const levelName = `Dock early ${stamp}`;
const people: Throwaway[] = [];

// The later journeys use the level the first one makes.
test.describe.configure({ mode: 'serial' });

test.afterAll(async () => {
  await retireThrowaways(people);
});

async function openLevels(page: Page) {
  await signInAs(page, 'admin', '/settings');
  await page.getByRole('tab', { name: 'Access Levels' }).click();
  await expect(page.getByRole('heading', { name: 'Access levels' })).toBeVisible();
}

/** axe's findings on the page as it is now, target size included, as the a11y sweep checks. */
async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'target-size': { enabled: true } } })
    .analyze();
  return results.violations.map((v) => ({
    rule: v.id,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  }));
}

const levelItem = (page: Page, name: string) =>
  page.getByTestId('access-level').filter({ has: page.getByRole('heading', { name, exact: true }) });

test('an admin makes a weekday level, grants it to a department, and its people see the door and hours', async ({
  page,
  browser,
}) => {
  await openLevels(page);
  await page.getByRole('button', { name: 'Add access level' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add access level' });

  // Nothing chosen yet: the form names what is missing before anything is sent.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Choose a door' })).toBeVisible();

  expect(await axeViolations(page), 'axe on the level dialog').toEqual([]);

  await dialog.getByLabel('Name').fill(levelName);
  await dialog.getByLabel('Description').fill('Dock staff before the day shift');
  const door = dialog.getByTestId('level-door');
  await door.getByLabel('Door', { exact: true }).selectOption({ label: 'Warehouse Dock (Warehouse)' });
  await door.getByRole('button', { name: 'Saturday' }).click();
  await door.getByRole('button', { name: 'Sunday' }).click();
  await expect(door.getByRole('button', { name: 'Sunday' })).toHaveAttribute('aria-pressed', 'false');
  await door.getByRole('checkbox', { name: 'All day' }).uncheck();
  await door.getByLabel('Start').fill('06:00');
  await door.getByLabel('End').fill('20:00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);

  const level = levelItem(page, levelName);
  await expect(level.getByRole('list', { name: `Doors of ${levelName}` })).toHaveText(
    'Warehouse Dock · Mon–Fri 06:00–20:00',
  );
  await expect(level.getByTestId('level-grant-count')).toHaveText('Not granted');

  await level.getByRole('button', { name: `Grants: Not granted of ${levelName}` }).click();
  await expect(level.getByText('Not granted to anyone yet.')).toBeVisible();
  await level.getByRole('button', { name: `Add grant to ${levelName}` }).click();
  const grant = page.getByRole('dialog', { name: `Grant ${levelName}` });
  await grant.getByRole('combobox', { name: 'Department' }).selectOption({ label: 'Warehouse' });
  await grant.getByRole('button', { name: 'Grant' }).click();
  await expect(grant).toHaveCount(0);
  await expect(level.getByTestId('level-grant')).toHaveCount(1);
  await expect(level.getByTestId('level-grant')).toContainText('Warehouse');
  await expect(level.getByTestId('level-grant-count')).toHaveText('1 department');
  expect(await axeViolations(page), 'axe on the access levels with grants open').toEqual([]);

  // The demo User works in Warehouse: the level is theirs through the department.
  const staff = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const mine = await staff.newPage();
    await signInAs(mine, 'user', '/access-control');
    await mine.getByRole('tab', { name: 'Permissions' }).click();
    const permission = mine.getByTestId('permission').filter({ hasText: levelName });
    await expect(permission).toContainText('Through your department');
    await expect(permission.getByRole('list', { name: `Doors of ${levelName}` })).toHaveText(
      'Warehouse Dock · Mon–Fri 06:00–20:00',
    );
  } finally {
    await staff.close();
  }

  // Suspended, then revoked: the department no longer holds it.
  await level.getByRole('button', { name: `Suspend ${levelName} for Warehouse` }).click();
  await expect(level.getByTestId('level-grant')).toContainText('Suspended');
  await level.getByRole('button', { name: `Revoke ${levelName} for Warehouse` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(level.getByText('Not granted to anyone yet.')).toBeVisible();
  await expect(level.getByTestId('level-grant-count')).toHaveText('Not granted');
});

test("on a person's page an admin grants a level of their own, suspends and revokes it", async ({ page }) => {
  const person = await createThrowaway('Lee', `Grantee${stamp}`);
  people.push(person);
  await signInAs(page, 'admin', `/settings/people/${person.id}`);
  await expect(page.getByRole('heading', { name: person.name })).toBeVisible();

  await page.getByRole('button', { name: `Grant access to ${person.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Grant access to ${person.name}` });
  await dialog.getByRole('button', { name: 'Grant' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Choose an access level' })).toBeVisible();
  await dialog.getByLabel('Access level').selectOption({ label: levelName });
  await dialog.getByLabel('Valid from').fill('2026-01-01');
  await dialog.getByLabel('Valid until').fill('2025-12-31');
  await dialog.getByRole('button', { name: 'Grant' }).click();
  await expect(dialog.getByText('Valid until must not be before Valid from')).toBeVisible();
  await dialog.getByLabel('Valid until').fill('');
  await dialog.getByRole('button', { name: 'Grant' }).click();
  await expect(dialog).toHaveCount(0);

  const own = page.getByTestId('person-permission').filter({ hasText: levelName });
  await expect(own).toContainText('Granted to them');
  await expect(own).toContainText('Warehouse Dock · Mon–Fri 06:00–20:00');
  await own.getByRole('button', { name: `Suspend ${levelName} for ${person.name}` }).click();
  await expect(own.getByText('suspended', { exact: true })).toBeVisible();
  await own.getByRole('button', { name: `Reactivate ${levelName} for ${person.name}` }).click();
  await expect(own.getByRole('button', { name: `Suspend ${levelName} for ${person.name}` })).toBeVisible();
  await own.getByRole('button', { name: `Revoke ${levelName} for ${person.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(own).toHaveCount(0);
});

test('an admin deletes the level after confirming', async ({ page }) => {
  await openLevels(page);
  const level = levelItem(page, levelName);
  await level.getByRole('button', { name: `Delete ${levelName}` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${levelName}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(level).toHaveCount(0);
});
