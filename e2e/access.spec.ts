import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { SimulatedController } from '../apps/server/src/devices/hikvision/simulator/controller';
import { demo, signIn } from './support/auth';

/**
 * Building access in the browser, against the demo organisation and its simulated door
 * controllers. The demo building is alive (simulated passages arrive on their own), so counts
 * are compared as "went up", never as exact totals, and rows are found by who and where.
 */

async function tokenOf(request: APIRequestContext, who: keyof typeof demo): Promise<string> {
  const res = await request.post('/api/auth/login', {
    data: { email: demo[who].email, password: demo[who].password },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).token as string;
}

interface DeviceRow {
  id: number;
  device_id: string;
  name: string;
  type: string;
  status: string;
  access_point: string | null;
}

async function onlineController(request: APIRequestContext): Promise<DeviceRow> {
  const token = await tokenOf(request, 'admin');
  const res = await request.get('/api/access/devices', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  const devices = (await res.json()).devices as DeviceRow[];
  const device = devices.find((d) => d.type === 'access_controller' && d.status === 'online');
  expect(device, 'the demo has an online door controller').toBeTruthy();
  return device!;
}

/** Puts the demo User outside the building, through the same web reader the screen uses. */
async function ensureUserOutside(request: APIRequestContext): Promise<void> {
  const headers = { authorization: `Bearer ${await tokenOf(request, 'user')}` };
  const status = await request.get('/api/access/my-status', { headers });
  if ((await status.json()).status.status === 'in') {
    const res = await request.post('/api/access/simulate', {
      headers,
      data: { action: 'exit', access_point: 'Main Entrance', device_id: 'HK-000' },
    });
    expect(res.ok()).toBe(true);
  }
}

async function signedInContext(browser: Browser, who: 'admin' | 'user', width = 1280, height = 800) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  await signIn(page, who);
  return { context, page };
}

const count = async (page: Page, testId: string) => Number(await page.getByTestId(testId).textContent());

test('staff check in at the door; an admin sees the passage live in the rows and the count', async ({
  browser,
  request,
}) => {
  await ensureUserOutside(request);
  const admin = await signedInContext(browser, 'admin');
  const staff = await signedInContext(browser, 'user');
  try {
    await admin.page.goto('/access-control');
    await expect(admin.page.getByText('Connected')).toBeVisible();
    await expect(admin.page.getByTestId('entries-today')).toHaveText(/^\d+$/);
    const entriesBefore = await count(admin.page, 'entries-today');

    await staff.page.goto('/access-control');
    await expect(staff.page.getByRole('heading', { name: 'My Access' })).toBeVisible();
    await expect(staff.page.getByTestId('access-status')).toHaveText('Out of Building');
    await expect(staff.page.getByText('Connected')).toBeVisible();
    await staff.page.getByRole('button', { name: 'Check In' }).click();
    await expect(staff.page.getByText('Entry recorded successfully!')).toBeVisible();
    await expect(staff.page.getByTestId('access-status')).toHaveText('In Building');
    await expect(staff.page.getByTestId('last-access')).toHaveText(
      /^Last access: Today \d{2}:\d{2} at Main Entrance$/,
    );
    // The live echo of the person's own passage.
    await expect(staff.page.getByText('Access entry recorded at Main Entrance')).toBeVisible();
    await expect(
      staff.page.getByTestId('access-log-item').first().getByText('Main Entrance', { exact: true }),
    ).toBeVisible();

    // No reload on the admin's side: the live event refreshes the figures and the rows.
    await expect(admin.page.getByText(`New access: ${demo.user.name} entry at Main Entrance`)).toBeVisible();
    await expect.poll(() => count(admin.page, 'entries-today')).toBeGreaterThan(entriesBefore);
    await expect(
      admin.page.getByTestId('recent-access-row').filter({ hasText: demo.user.name }).first(),
    ).toContainText('Entry');

    await staff.page.getByRole('button', { name: 'Check Out' }).click();
    await expect(staff.page.getByText('Exit recorded successfully!')).toBeVisible();
    await expect(staff.page.getByTestId('access-status')).toHaveText('Out of Building');
    await staff.page.getByRole('tab', { name: 'Timeline' }).click();
    const first = staff.page.getByTestId('timeline-item').first();
    await expect(first).toContainText('Exit');
    await expect(first).toContainText('Main Entrance');
    await staff.page.getByRole('tab', { name: 'Permissions' }).click();
    await expect(staff.page.getByTestId('permission').first()).toBeVisible();
  } finally {
    await admin.context.close();
    await staff.context.close();
  }
});

test('admin simulates a forced door, sees the alert live and acknowledges it with a note', async ({
  page,
  request,
}) => {
  const device = await onlineController(request);
  await signIn(page, 'admin');
  await page.goto('/access-control');
  await expect(page.getByText('Connected')).toBeVisible();
  await expect(page.getByTestId('device-card').first()).toBeVisible();

  await page.getByRole('button', { name: 'Simulate Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Simulate Event' });
  await dialog.getByLabel('Device').selectOption(device.device_id);
  await dialog.getByLabel('Event type').selectOption({ label: 'Door forced open' });
  // A forced door involves nobody: no person is asked for.
  await expect(dialog.getByText('Nobody is involved in this event')).toBeVisible();
  await expect(dialog.getByLabel('Person', { exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Simulate Event' }).click();
  await expect(page.getByText('Hikvision event simulated successfully!')).toBeVisible();
  await expect(
    page.getByText(new RegExp(`^Hikvision Alert: .+ - Device ${device.device_id}$`)),
  ).toBeVisible();

  const alert = page
    .getByTestId('alert-item')
    .filter({ hasText: `Device ${device.device_id}` })
    .first();
  await expect(alert).toBeVisible();
  const message = (await alert.getByTestId('alert-message').textContent())!.trim();
  await alert.getByRole('button', { name: /^Acknowledge/ }).click();
  const ack = page.getByRole('dialog', { name: 'Acknowledge alert' });
  await ack.getByLabel('Note (optional)').fill('e2e: door checked, closed again');
  await ack.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(page.getByText('Alert acknowledged')).toBeVisible();
  await expect(ack).toBeHidden();

  // The server kept who acknowledged it and the note.
  const token = await tokenOf(request, 'admin');
  const res = await request.get('/api/access/alerts?state=acknowledged&limit=20', {
    headers: { authorization: `Bearer ${token}` },
  });
  const acknowledged = (await res.json()).alerts as {
    message: string;
    acknowledge_note: string | null;
    acknowledged_by_name: string | null;
  }[];
  const stored = acknowledged.find((a) => a.acknowledge_note === 'e2e: door checked, closed again');
  expect(stored?.message).toBe(message);
  expect(stored?.acknowledged_by_name).toBe(demo.admin.name);
});

test('admin simulates a passage and opens a device, its details and configuration', async ({
  page,
  request,
}) => {
  const device = await onlineController(request);
  await signIn(page, 'admin');
  await page.goto('/access-control');
  await page.getByRole('button', { name: 'Simulate Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Simulate Event' });
  await dialog.getByLabel('Device').selectOption(device.device_id);
  await dialog.getByLabel('Event type').selectOption({ label: 'Remote door open' });
  await dialog.getByRole('button', { name: 'Simulate Event' }).click();
  await expect(page.getByText('Hikvision event simulated successfully!')).toBeVisible();
  await expect(page.getByText(/^Hikvision event: /).first()).toBeVisible();

  const card = page.locator(`[data-testid="device-card"][data-device-id="${device.device_id}"]`);
  await card.getByRole('button', { name: /^View Details/ }).click();
  const details = page.getByRole('dialog', { name: device.name });
  await expect(details.getByText('Door Status')).toBeVisible();
  await expect(details.getByTestId('door-status')).toBeVisible();
  await expect(details.getByText('Recent Events')).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();

  await card.getByRole('button', { name: /^Open Door/ }).click();
  const door = page.getByRole('dialog', { name: `Open Door · ${device.device_id}` });
  await door.getByRole('button', { name: 'Open Door' }).click();
  await expect(door.getByTestId('door-answer')).toContainText('Device answer:');
  await door.getByRole('button', { name: 'Close' }).click();

  await card.getByRole('button', { name: /^Configure/ }).click();
  const configure = page.getByRole('dialog', { name: `Configure ${device.device_id}` });
  await expect(configure.getByLabel('Name', { exact: true })).toHaveValue(device.name);
  await configure.getByRole('button', { name: 'Cancel' }).click();
  await expect(configure).toBeHidden();
});

test('admin searches and filters the access logs', async ({ page, request }) => {
  await ensureUserOutside(request);
  await signIn(page, 'admin');
  await page.goto('/access-control');
  await page.getByRole('tab', { name: 'Access Logs' }).click();
  const rows = page.getByTestId('access-log-row');
  await expect(rows.first()).toBeVisible();

  // Rows of the previous filter stay up until the server answers, so wait for all to match.
  const every = (test: (text: string) => boolean) =>
    expect.poll(async () => (await rows.allTextContents()).every(test)).toBe(true);

  await page.getByLabel('Search', { exact: true }).fill('Jamie');
  await every((text) => text.includes(demo.user.name));

  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Exit' });
  await every((text) => text.includes(demo.user.name) && text.includes('Exit') && !text.includes('Entry'));

  // Denied attempts are in the logs too, and Export CSV writes what the screen lists.
  await page.getByLabel('Search', { exact: true }).fill('');
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Denied' });
  await every((text) => text.includes('Denied') && !text.includes('Entry') && !text.includes('Exit'));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^access-logs-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
  // A UTF-8 byte order mark first, for Excel.
  expect(lines[0]).toBe(
    '\uFEFFTime,Result,Action,First Name,Last Name,Department,Access Point,Device ID,Card Number,Verify Mode',
  );
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((line) => line.split(',')[1] === 'Denied')).toBe(true);

  await page.getByLabel('Search', { exact: true }).fill('Main Entrance');
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'All' });
  await expect(rows.first()).toContainText('Main Entrance');
  const before = await rows.count();
  if (await page.getByRole('button', { name: 'Load more' }).isVisible()) {
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(before);
  }

  await page.getByLabel('From', { exact: true }).fill('2001-01-01');
  await page.getByLabel('To', { exact: true }).fill('2001-01-02');
  await expect(page.getByText('No access logs found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows.first()).toBeVisible();

  // The demo links a camera to Main Entrance: Video opens its playback at the passage.
  const row = rows.filter({ hasText: 'Main Entrance' }).first();
  await expect(row.getByRole('link', { name: /^Video/ })).toHaveAttribute('href', /^\/video\?camera=\d+&at=/);
  await row.getByRole('button', { name: /^View Details/ }).click();
  await expect(page.getByRole('dialog', { name: 'Access event details' })).toBeVisible();
  await page.keyboard.press('Escape');
});

test('the access screens have no accessibility violations', async ({ browser }) => {
  // Seven full axe runs on a loaded machine.
  test.setTimeout(180_000);
  // The demo building keeps refetching live, so the network is never idle: wait for content.
  const check = async (page: Page) => {
    await expect(page.getByRole('tabpanel').getByRole('status')).toHaveCount(0);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`),
    ).toEqual([]);
  };
  const staff = await signedInContext(browser, 'user');
  await staff.page.goto('/access-control');
  for (const tab of ['Overview', 'Timeline', 'Permissions']) {
    await staff.page.getByRole('tab', { name: tab }).click();
    await check(staff.page);
  }
  await staff.context.close();

  const admin = await signedInContext(browser, 'admin');
  await admin.page.goto('/access-control');
  await expect(admin.page.getByTestId('device-card').first()).toBeVisible();
  await check(admin.page);
  await admin.page
    .getByTestId('device-card')
    .first()
    .getByRole('button', { name: /^Configure/ })
    .click();
  await check(admin.page);
  await admin.page.keyboard.press('Escape');
  await admin.page.getByRole('tab', { name: 'Access Logs' }).click();
  await expect(admin.page.getByTestId('access-log-row').first()).toBeVisible();
  await check(admin.page);
  await admin.context.close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  const fits = async (page: Page) => {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  };

  test('My Access fits, and its tabs work by keyboard', async ({ page }) => {
    await signIn(page, 'user');
    await page.goto('/access-control');
    await expect(page.getByTestId('access-status')).toBeVisible();
    await fits(page);
    await page.getByRole('tab', { name: 'Overview' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('timeline-item').first()).toBeVisible();
    await fits(page);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Permissions' })).toHaveAttribute('aria-selected', 'true');
    await fits(page);
  });

  test('Access Logs become cards and a dialog fits the screen', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/access-control');
    await expect(page.getByTestId('device-card').first()).toBeVisible();
    await fits(page);
    await page.getByRole('button', { name: 'Simulate Event' }).click();
    const box = await page.getByRole('dialog', { name: 'Simulate Event' }).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Access Logs' }).click();
    const row = page.getByTestId('access-log-row').first();
    await expect(row).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'User' })).toBeHidden();
    const rowBox = await row.boundingBox();
    expect(rowBox!.x + rowBox!.width).toBeLessThanOrEqual(390);
    await fits(page);
  });
});

test('admin adds a door controller from the screen, sees what it is, then removes it', async ({ page }) => {
  // A controller on this machine that Atrium does not know yet, as `npm run simulate-devices` starts one.
  const controller = new SimulatedController({
    deviceId: 'E2E-DOCK',
    pushUrl: 'http://127.0.0.1:9/none',
    username: 'admin',
    password: 'Dock#2026',
  });
  await controller.start();
  try {
    await signIn(page, 'admin');
    await page.goto('/access-control');
    await page.getByRole('button', { name: 'Add Device' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Device' });
    await dialog.getByLabel('Name', { exact: true }).fill('Loading Dock');
    await dialog.getByLabel('Address').fill(controller.address!);
    await dialog.getByLabel('Password').fill('wrong');
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await expect(dialog.getByText('The device refused the username or password')).toBeVisible();
    await dialog.getByLabel('Password').fill('Dock#2026');
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await expect(dialog.getByTestId('device-identity')).toContainText(controller.serialNumber);
    await dialog.getByLabel('Direction').selectOption('entry');
    await dialog.getByRole('button', { name: 'Add Device' }).click();

    const added = page.getByRole('dialog', { name: `Added ${controller.serialNumber}` });
    await expect(added.getByLabel('Push URL')).toHaveValue(/\/api\/devices\/isapi\/[A-Za-z0-9_-]{43}$/);
    // Atrium set the device's event target itself: the controller now pushes to it.
    await expect(added.getByTestId('event-target')).toContainText('read it back');
    expect(controller.pushUrl).toBe(await added.getByLabel('Push URL').inputValue());
    await added.getByRole('button', { name: 'Close' }).click();
    const card = page.locator(`[data-testid="device-card"][data-device-id="${controller.serialNumber}"]`);
    await expect(card).toContainText('Loading Dock');
    expect((await controller.emit({ major: 5, minor: 1, cardNo: '0042', readerNo: 1 })).delivered).toBe(true);
    await card.getByRole('button', { name: /^View Details/ }).click();
    const details = page.getByRole('dialog', { name: 'Loading Dock' });
    await expect(details.getByTestId('event-target')).toContainText(
      /^Events: configured .+; last event (?!never)/,
    );
    await details.getByRole('button', { name: 'Close' }).click();

    await card.getByRole('button', { name: /^Configure/ }).click();
    await page
      .getByRole('dialog', { name: `Configure ${controller.serialNumber}` })
      .getByRole('button', { name: 'Remove' })
      .click();
    await page
      .getByRole('dialog', { name: `Remove ${controller.serialNumber}` })
      .getByRole('button', { name: 'Remove device' })
      .click();
    await expect(page.getByText('Device removed')).toBeVisible();
    await expect(card).toHaveCount(0);
  } finally {
    await controller.stop();
  }
});
