import { expect, type Page, request, test } from '@playwright/test';
import { SimulatedController } from '../apps/server/src/devices/hikvision/simulator/controller';
import { demo, signInAs } from './support/auth';
import { E2E_BASE_URL } from './support/env';
import { createThrowaway, retireThrowaways, type Throwaway } from './support/people';

/**
 * Everything belongs somewhere (issue 35): with a site of the test's own (made through the API),
 * an admin puts a department and a new door controller in it and gives a person a home site of
 * their own, on screen and by keyboard, and sees each shown. The demo's own departments, doors
 * and people stay where they are.
 */

const SITE = 'Lagos Depot';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });

async function fitsWidth(page: Page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wide).toBeLessThanOrEqual(0);
}

let siteId: number;
const people: Throwaway[] = [];

test.beforeAll(async () => {
  const api = await request.newContext({ baseURL: E2E_BASE_URL });
  try {
    const login = await api.post('/api/auth/login', {
      data: { email: demo.admin.email, password: demo.admin.password },
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    // A worker started again after a failure finds the site the first one made.
    const made = await api.post('/api/sites', {
      headers,
      data: { name: SITE, timeZone: 'Africa/Lagos', workWeek: [1, 2, 3, 4, 5] },
    });
    if (made.status() === 409) {
      const { sites } = (await (await api.get('/api/sites', { headers })).json()) as {
        sites: { id: number; name: string }[];
      };
      siteId = sites.find((s) => s.name === SITE)!.id;
      return;
    }
    expect(made.status(), await made.text()).toBe(201);
    siteId = ((await made.json()) as { site: { id: number } }).site.id;
  } finally {
    await api.dispose();
  }
});

test.afterAll(async () => retireThrowaways(people));

test('an admin puts a department in a site by keyboard, and its row says so', async ({ page }) => {
  await signInAs(page, 'admin', '/settings');
  await page.getByRole('tab', { name: 'Departments' }).click();
  const name = `Site Dept ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Add Department' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Department' });
  await dialog.getByLabel('Name').fill(name);
  // A closed select takes typed letters: keyboard alone picks the site.
  await dialog.getByLabel('Site').focus();
  await page.keyboard.type('Lagos');
  await expect(dialog.getByLabel('Site')).toHaveValue(String(siteId));
  await shot(page, 'department-dialog-1280');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByLabel('Name').press('Enter');
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('list', { name: 'Departments' }).getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText(`${SITE} · 0 people`);
  // The demo's departments stay where they are.
  const list = page.getByRole('list', { name: 'Departments' });
  await expect(
    list.getByRole('listitem').filter({ has: page.getByText('Warehouse', { exact: true }) }),
  ).toContainText('Head Office · ');
});

test('an admin gives a person a home site of their own; the person page shows it', async ({ page }) => {
  const person = await createThrowaway('Ada', `Sited${Date.now().toString(36)}`);
  people.push(person);
  await signInAs(page, 'admin', `/settings/people/${person.id}`);
  await expect(page.getByText("Head Office (department's)")).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('dialog');
  const home = form.getByLabel('Home site');
  await expect(home.locator('option').first()).toHaveText("Department's site (Head Office)");
  await home.selectOption({ label: SITE });
  await shot(page, 'person-form-1280');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByText(`${SITE} (own)`)).toBeVisible();

  // Back to the department's: the first option.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByRole('dialog').getByLabel('Home site').selectOption({ index: 0 });
  await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText("Head Office (department's)")).toBeVisible();
});

test('an admin adds a door controller at a site; its card says where it is', async ({ page }) => {
  const controller = new SimulatedController({
    deviceId: 'E2E-SITE',
    pushUrl: 'http://127.0.0.1:9/none',
    username: 'admin',
    password: 'Site#2026',
  });
  await controller.start();
  try {
    await signInAs(page, 'admin', '/access-control');
    await page.getByRole('button', { name: 'Add Device' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Device' });
    await dialog.getByLabel('Name', { exact: true }).fill('Lagos Gate');
    await dialog.getByLabel('Address').fill(controller.address!);
    await dialog.getByLabel('Password').fill('Site#2026');
    await dialog.getByLabel('Site').selectOption({ label: SITE });
    await shot(page, 'add-device-1280');
    await dialog.getByRole('button', { name: 'Add Device' }).click();
    const added = page.getByRole('dialog', { name: `Added ${controller.serialNumber}` });
    await added.getByRole('button', { name: 'Close' }).click();
    const card = page.locator(`[data-testid="device-card"][data-device-id="${controller.serialNumber}"]`);
    await expect(card.getByTestId('device-site')).toHaveText(SITE);

    // Configure shows and keeps it; then the device goes, leaving the demo's list as it was.
    await card.getByRole('button', { name: /^Configure/ }).click();
    const configure = page.getByRole('dialog', { name: `Configure ${controller.serialNumber}` });
    await expect(configure.getByLabel('Site')).toHaveValue(String(siteId));
    await shot(page, 'configure-device-1280');
    await configure.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Remove device' }).click();
    await expect(card).toHaveCount(0);
  } finally {
    await controller.stop();
  }
});

test('the camera form and the counters offer the sites; tiles and counters say theirs', async ({ page }) => {
  await signInAs(page, 'admin', '/video');
  await expect(
    page.getByRole('region', { name: 'Camera Main Entrance' }).getByTestId('camera-site'),
  ).toHaveText(/Head Office/);
  await page.getByRole('button', { name: 'Manage cameras' }).click();
  await page.getByRole('button', { name: 'Add camera' }).click();
  const form = page.getByRole('dialog', { name: 'Add camera' });
  await expect(form.getByLabel('Site').locator('option')).toContainText([SITE]);
  await shot(page, 'camera-form-1280');
  await form.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/people-counting');
  const counters = page.getByRole('list', { name: 'Counters by Site' });
  await expect(counters.getByTestId('counter-site').first()).toBeVisible();
  await counters.getByRole('button', { name: 'Change site' }).first().click();
  await expect(page.getByRole('dialog').getByLabel('Site').locator('option')).toContainText([SITE]);
  await shot(page, 'counter-site-1280');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the site selects fit the forms at 390 px', async ({ page }) => {
    await signInAs(page, 'admin', '/settings');
    await page.getByRole('tab', { name: 'Departments' }).click();
    await page.getByRole('button', { name: 'Add Department' }).click();
    await expect(page.getByRole('dialog').getByLabel('Site')).toBeVisible();
    await fitsWidth(page);
    await shot(page, 'department-dialog-390');
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'People' }).click();
    await page.getByRole('button', { name: 'Add Person' }).click();
    const home = page.getByRole('dialog').getByLabel('Home site');
    await home.scrollIntoViewIfNeeded();
    await expect(home).toBeVisible();
    await fitsWidth(page);
    await shot(page, 'person-form-390');
    await page.keyboard.press('Escape');

    await page.goto('/access-control');
    await page.getByRole('button', { name: 'Add Device' }).click();
    const site = page.getByRole('dialog', { name: 'Add Device' }).getByLabel('Site');
    await site.scrollIntoViewIfNeeded();
    const box = await site.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await shot(page, 'add-device-390');
    await page.keyboard.press('Escape');

    await page.goto('/video');
    await page.getByRole('button', { name: 'Manage cameras' }).click();
    await page.getByRole('button', { name: 'Add camera' }).click();
    const cameraSite = page.getByRole('dialog', { name: 'Add camera' }).getByLabel('Site');
    await cameraSite.scrollIntoViewIfNeeded();
    await expect(cameraSite).toBeVisible();
    await fitsWidth(page);
    await shot(page, 'camera-form-390');
  });
});
