import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, request, test } from '@playwright/test';
import { demo, signInAs } from './support/auth';
import { E2E_BASE_URL } from './support/env';

/**
 * Organisation > Sites: an admin adds a site in another zone and sees its own "today", edits it by
 * keyboard and removes it; the first site is the organisation's own and stays. The demo has a
 * Singapore Warehouse of its own, so the site added here has a name no demo site has.
 */

const NAME = 'Singapore Cold Store';

/** "Fri 27 Nov": the date part of a site's "Today here", on that site's clock. */
const dateIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone })
    .format(new Date())
    .replace(',', '');

async function noWiderThanViewport(page: Page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wide).toBeLessThanOrEqual(0);
}

async function noAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page })
    .options({ rules: { 'target-size': { enabled: true } } })
    .analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

async function openSites(page: Page) {
  await signInAs(page, 'admin', '/settings');
  await page.getByRole('tab', { name: 'Sites' }).click();
  await expect(page.getByRole('table', { name: 'Sites' })).toBeVisible();
}

const rowOf = (page: Page, name: string) =>
  page.getByTestId('site-row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });

test('an admin adds a site in Asia/Singapore, sees its own today, edits it and removes it', async ({
  page,
}) => {
  await openSites(page);
  const own = rowOf(page, 'Head Office');
  await expect(own.getByText("Organisation's own site")).toBeVisible();
  await expect(own.getByRole('button', { name: 'Remove Head Office' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Site' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Site' });
  await dialog.getByLabel('Name').fill('head office');
  await dialog.getByLabel('Time zone').fill('Asia/Singapore');
  await dialog.getByRole('button', { name: 'Add Site' }).click();
  await expect(dialog.getByText('This is already the name of a site')).toBeVisible();
  await dialog.getByLabel('Name').fill(NAME);
  await dialog.getByRole('checkbox', { name: 'Saturday' }).check();
  await dialog.getByLabel('Geofence radius (metres)').fill('300');
  await dialog.getByRole('button', { name: 'Add Site' }).click();
  await expect(dialog).toBeHidden();

  const added = rowOf(page, NAME);
  await expect(added.getByText('Asia/Singapore')).toBeVisible();
  await expect(added.getByText(/^Today here: /)).toHaveText(
    new RegExp(`^Today here: ${dateIn('Asia/Singapore')}, \\d\\d:\\d\\d \\(UTC\\+08:00\\)$`),
  );
  await expect(added.getByText('Mon–Sat')).toBeVisible();
  await expect(added.getByText('0 departments · 0 people')).toBeVisible();
  await expect(added.getByText('0 devices · 0 cameras')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('sites-1280.png'), fullPage: true });
  await noAxeViolations(page);

  // Edited by keyboard: Enter on Edit, type, Enter in the field submits.
  await added.getByRole('button', { name: `Edit ${NAME}` }).focus();
  await page.keyboard.press('Enter');
  const editing = page.getByRole('dialog', { name: `Edit ${NAME}` });
  await editing.getByLabel('Address').focus();
  await page.keyboard.type('21 Tuas South Avenue');
  await page.keyboard.press('Enter');
  await expect(editing).toBeHidden();
  await expect(added.getByText('21 Tuas South Avenue')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(added.getByText(/^Today here: /)).toBeVisible();
  await noWiderThanViewport(page);
  await noAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('sites-390.png'), fullPage: true });
  // The form's messages, and the controls they describe, fit and are accessible too.
  await page.getByRole('button', { name: 'Add Site' }).click();
  await page.getByRole('dialog', { name: 'Add Site' }).getByRole('button', { name: 'Add Site' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await noWiderThanViewport(page);
  await noAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('sites-dialog-390.png'), fullPage: true });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 1280, height: 800 });

  await added.getByRole('button', { name: `Remove ${NAME}` }).click();
  const removing = page.getByRole('dialog', { name: `Remove ${NAME}?` });
  await removing.getByRole('button', { name: 'Remove' }).click();
  await expect(removing).toBeHidden();
  await expect(rowOf(page, NAME)).toHaveCount(0);

  // The organisation's zone is its own site's, and Settings says so.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByText(/^The time zone of Head Office, the organisation's own site/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('settings-1280.png') });
});

test('staff may list the sites but not add, change or remove one', async () => {
  const api = await request.newContext({ baseURL: E2E_BASE_URL });
  try {
    const login = await api.post('/api/auth/login', {
      data: { email: demo.user.email, password: demo.user.password },
    });
    expect(login.status()).toBe(200);
    const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const listed = await api.get('/api/sites', { headers });
    expect(listed.status()).toBe(200);
    const [first] = ((await listed.json()) as { sites: { id: number }[] }).sites;
    const body = { name: 'Staff Site', timeZone: 'Asia/Singapore', workWeek: [1, 2, 3, 4, 5] };
    expect((await api.post('/api/sites', { headers, data: body })).status()).toBe(403);
    expect((await api.patch(`/api/sites/${first!.id}`, { headers, data: { name: 'Mine' } })).status()).toBe(
      403,
    );
    expect((await api.delete(`/api/sites/${first!.id}`, { headers })).status()).toBe(403);
  } finally {
    await api.dispose();
  }
});
