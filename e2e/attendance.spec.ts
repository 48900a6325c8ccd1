import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { demo, signInAs } from './support/auth';

/**
 * Time & attendance in the browser, against the demo organisation. Other specs share the
 * server, so each test first puts the records it relies on into a known state through the API.
 */

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: demo.admin });
  expect(res.ok()).toBe(true);
  return (await res.json()).token as string;
}

/** The server's "today" (the organisation's date), and the demo User's record on it removed. */
async function resetDemoUserToday(request: APIRequestContext): Promise<string> {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const user = await request.post('/api/auth/login', { data: demo.user });
  const userHeaders = { authorization: `Bearer ${(await user.json()).token}` };
  const status = await request.get('/api/attendance/my-status', { headers: userHeaders });
  const today = (await status.json()).status.date as string;
  const list = await request.get(
    `/api/attendance?date=${today}&search=${encodeURIComponent(demo.user.email)}`,
    { headers },
  );
  for (const row of (await list.json()).attendance as { id: number | null }[]) {
    if (row.id !== null) {
      const res = await request.delete(`/api/attendance/${row.id}`, {
        headers,
        data: { reason: 'e2e: start the day over' },
      });
      expect(res.ok()).toBe(true);
    }
  }
  return today;
}

async function openEmployeeManagement(page: Page) {
  await page.goto('/attendance');
  await page.getByRole('tab', { name: 'Employee Management' }).click();
}

test('staff checks in and out from the dashboard, and the calendar shows the day', async ({
  page,
  request,
}) => {
  const today = await resetDemoUserToday(request);
  await signInAs(page, 'user');
  const indicator = page.getByTestId('attendance-indicator');
  await expect(indicator).toHaveText('Not Checked In');
  await expect(page.getByText('Start your day')).toBeVisible();

  await page.getByRole('button', { name: 'Quick Check In' }).click();
  await expect(indicator).toHaveText('Checked In');
  await expect(page.getByText('Ready to check out')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Quick Check In' })).toBeHidden();

  await page.getByRole('button', { name: 'Quick Check Out' }).click();
  await expect(indicator).toHaveText('Checked Out');
  await expect(page.getByRole('button', { name: 'Quick Check Out' })).toBeHidden();

  await page.getByRole('link', { name: 'View Attendance History' }).click();
  await page.getByRole('tab', { name: 'Today' }).click();
  await expect(page.getByText('Not recorded')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Calendar' }).click();
  const cell = page.locator(`td[data-date="${today}"]`);
  await expect(cell).toHaveAttribute('data-kind', 'present');
  await expect(cell).toHaveAttribute('aria-current', 'date');
  await expect(cell).toContainText(/\d{2}:\d{2}/);
  await expect(page.getByText('Present (checked in and out)')).toBeVisible();
});

test('admin filters, bulk-marks two people and sees the toast', async ({ page }) => {
  await signInAs(page, 'admin');
  await openEmployeeManagement(page);
  await page.getByRole('button', { name: 'Mark Present' }).click();
  await expect(page.getByText('Please select employees first')).toBeVisible();

  // Security works every day, so its people are scheduled whatever day the suite runs.
  await page.getByLabel('Department').selectOption({ label: 'Security' });
  const rows = page.getByTestId('attendance-row');
  await expect(rows).toHaveCount(3);
  await page.getByLabel('Status').selectOption({ label: 'Absent' });
  await expect(rows).toHaveCount(1);
  await page.getByLabel('Status').selectOption({ label: 'All' });
  await expect(rows).toHaveCount(3);

  const present = rows.filter({ hasNot: page.getByText('Absent', { exact: true }) });
  const names = await present.locator('td:nth-child(2) div:first-child').allTextContents();
  expect(names).toHaveLength(2);
  for (const name of names) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  await expect(page.getByTestId('selected-count')).toHaveText('2 selected');

  await page.getByRole('button', { name: 'Mark Absent' }).click();
  await expect(page.getByText('Bulk mark absent completed successfully!')).toBeVisible();
  await expect(page.getByTestId('selected-count')).toHaveText('0 selected');
  await page.getByLabel('Status').selectOption({ label: 'Absent' });
  await expect(rows).toHaveCount(3);

  for (const name of names) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  await page.getByRole('button', { name: 'Mark Present' }).click();
  await expect(page.getByText('Bulk mark present completed successfully!')).toBeVisible();
  await expect(rows).toHaveCount(1);
});

function yesterdayOf(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

test('admin corrects a record with a reason, then exports the day as CSV', async ({ page, request }) => {
  const today = await resetDemoUserToday(request);
  const yesterday = yesterdayOf(today);
  await signInAs(page, 'admin');
  await page.goto('/attendance');
  await page.getByTestId('attendance-date').fill(yesterday);
  await page.getByRole('tab', { name: 'Employee Management' }).click();
  await page.getByLabel('Department').selectOption({ label: 'Security' });
  const rows = page.getByTestId('attendance-row');
  await expect(rows).toHaveCount(3);

  const editable = rows.filter({ has: page.getByRole('button', { name: /^Edit / }) }).first();
  const name = await editable.locator('td:nth-child(2) div:first-child').textContent();
  await editable.getByRole('button', { name: /^Edit / }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Check in').fill('08:30');
  await dialog.getByLabel('Check out').fill('17:30');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please give a reason for the correction.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Badge reader was out of order');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Attendance record updated successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  const corrected = rows.filter({ hasText: name! });
  await expect(corrected).toContainText('08:30');
  await expect(corrected).toContainText('17:30');
  await expect(corrected).toContainText('9.0');

  await page.getByRole('checkbox', { name: 'Select all' }).check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Selected' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`attendance-${today}.csv`);
  const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
  // A UTF-8 byte order mark first, for Excel.
  expect(lines[0]).toBe(
    '\uFEFFDate,Employee Number,First Name,Last Name,Email,Department,Check In,Check Out,Hours,Status,Late,Early Exit,Source,Leave Type',
  );
  expect(lines).toHaveLength(4);
  const line = lines.find((l) => l.includes(name!.split(' ')[0]!));
  expect(line).toMatch(new RegExp(`^${yesterday},.*,Security,08:30,17:30,9.00,Complete,no,no,correction,$`));
});

async function signedInContext(browser: Browser, who: 'admin' | 'user') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInAs(page, who);
  return { context, page };
}

test('an open admin page updates live when staff check in elsewhere', async ({ browser, request }) => {
  await resetDemoUserToday(request);
  const admin = await signedInContext(browser, 'admin');
  const staff = await signedInContext(browser, 'user');
  try {
    await openEmployeeManagement(admin.page);
    await admin.page.getByLabel('Search employees').fill('Jamie');
    const row = admin.page.getByTestId('attendance-row').filter({ hasText: 'Jamie Carter' });
    await expect(admin.page.getByText('Connected')).toBeVisible();
    await expect(row.getByText('Checked In', { exact: true })).toHaveCount(0);

    await staff.page.getByRole('button', { name: 'Quick Check In' }).click();
    await expect(staff.page.getByTestId('attendance-indicator')).toHaveText('Checked In');

    // No reload: the attendance_update event refreshes the admin's query.
    await expect(row.getByText('Checked In', { exact: true })).toBeVisible();
  } finally {
    await admin.context.close();
    await staff.context.close();
  }
});

test('the attendance and dashboard screens have no serious accessibility problems', async ({ browser }) => {
  const check = async (page: Page) => {
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`)).toEqual([]);
  };
  const staff = await signedInContext(browser, 'user');
  await check(staff.page);
  await staff.page.goto('/attendance');
  for (const tab of ['Statistics', 'Today', 'Calendar']) {
    await staff.page.getByRole('tab', { name: tab }).click();
    await check(staff.page);
  }
  await staff.context.close();

  const admin = await signedInContext(browser, 'admin');
  await expect(admin.page.getByTestId('department-overview')).toBeVisible();
  await check(admin.page);
  await admin.page.goto('/attendance');
  await expect(admin.page.getByTestId('attendance-overview')).toBeVisible();
  await check(admin.page);
  await admin.page.getByRole('tab', { name: 'Employee Management' }).click();
  await expect(admin.page.getByTestId('attendance-row').first()).toBeVisible();
  await check(admin.page);
  await admin.page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  await check(admin.page);
  await admin.context.close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('My Attendance tabs and the calendar fit and work by keyboard', async ({ page }) => {
    await signInAs(page, 'user');
    await page.goto('/attendance');
    const stats = page.getByRole('tab', { name: 'Statistics' });
    await stats.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Calendar' })).toHaveAttribute('aria-selected', 'true');
    const calendar = page.getByTestId('attendance-calendar');
    await expect(calendar.locator('td')).toHaveCount(42);
    const box = await calendar.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(calendar.locator('td[data-kind]').first()).toBeVisible();
  });

  test('Attendance Management shows cards, and a record opens from the keyboard', async ({ page }) => {
    await signInAs(page, 'admin');
    await openEmployeeManagement(page);
    const card = page.getByTestId('attendance-card').first();
    await expect(card).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    const box = await card.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await card.getByRole('button', { name: /^View details of/ }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(/last 14 days/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
