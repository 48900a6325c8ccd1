import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { demo, signInAs } from './support/auth';

/**
 * One truth about a person's day, as an administrator sees it on the demo: approved leave is
 * "On leave", never absent; a new hire has no absences before their start date.
 */

async function admin(request: APIRequestContext) {
  const res = await request.post('/api/auth/login', { data: demo.admin });
  expect(res.ok()).toBe(true);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

async function todayOf(request: APIRequestContext, headers: Record<string, string>): Promise<string> {
  return (await (await request.get('/api/attendance/my-status', { headers })).json()).status.date;
}

async function employeeManagement(page: Page) {
  await page.getByRole('tab', { name: 'Employee Management' }).click();
}

/**
 * The latest day up to today on which someone was on approved leave. The demo puts people on
 * leave today, but on a weekend nobody is scheduled, so nobody counts as on leave: then the
 * demo's leave history gives an earlier working day.
 */
async function dayWithLeave(request: APIRequestContext, headers: Record<string, string>) {
  const today = Date.parse(`${await todayOf(request, headers)}T12:00:00Z`);
  for (let back = 0; back < 60; back++) {
    const date = new Date(today - back * 86_400_000).toISOString().slice(0, 10);
    const res = await request.get(`/api/attendance?date=${date}&status=on_leave`, { headers });
    const onLeave = await res.json();
    if (onLeave.total > 0) return { date, isToday: back === 0, onLeave };
  }
  throw new Error('the demo has nobody on approved leave on any of the last 60 days');
}

test('a person on approved leave shows "On leave" and is not among the absent', async ({ page, request }) => {
  const headers = await admin(request);
  const { date, isToday, onLeave } = await dayWithLeave(request, headers);
  const person = onLeave.attendance[0] as { first_name: string; last_name: string; leave_type: string };
  const name = `${person.first_name} ${person.last_name}`;
  const absent = await (await request.get(`/api/attendance?date=${date}&status=absent`, { headers })).json();

  await signInAs(page, 'admin', '/attendance');
  if (!isToday) await page.getByTestId('attendance-date').fill(date);
  const overview = page.getByTestId('attendance-overview');
  const label = (figure: string) => (isToday ? `${figure} Today` : figure);
  await expect(overview.getByText(label('On Leave'), { exact: true })).toBeVisible();
  await expect(overview).toContainText(`${label('Absent')}${absent.total}`);
  await expect(overview).toContainText(`${label('On Leave')}${onLeave.total}`);

  await employeeManagement(page);
  await page.getByLabel('Search employees').fill(name);
  const row = page.getByTestId('attendance-row').filter({ hasText: name });
  await expect(row.getByText('On leave', { exact: true })).toBeVisible();

  await page.getByLabel('Status', { exact: true }).selectOption('absent');
  await expect(page.getByText('No attendance records found for the selected criteria.')).toBeVisible();
  await page.getByLabel('Search employees').fill('');
  await expect(page.getByTestId('attendance-row').first()).toBeVisible();
  await expect(page.getByTestId('attendance-row').filter({ hasText: name })).toHaveCount(0);
});

test('a new hire has no absences before their start date', async ({ page, request }) => {
  const headers = await admin(request);
  const date = await todayOf(request, headers);
  const tomorrow = new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const serial = Date.now() % 1_000_000;
  const created = await request.post('/api/users', {
    headers,
    data: {
      firstName: 'Noor',
      lastName: `Starter${serial}`,
      email: `noor.${serial}@example.test`,
      employeeNumber: `NS-${serial}`,
      badgeNumber: `NSB-${serial}`,
      departmentId: null,
      role: 'staff',
      startDate: tomorrow,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { person } = await created.json();

  await signInAs(page, 'admin', `/settings/people/${person.id}`);
  await expect(page.getByRole('heading', { name: `Noor Starter${serial}` })).toBeVisible();
  await expect(page.getByText('Not employed in the last 14 days.')).toBeVisible();
  await expect(page.getByText('Absent', { exact: true })).toHaveCount(0);

  await page.goto('/attendance');
  await employeeManagement(page);
  await page.getByLabel('Search employees').fill(`Starter${serial}`);
  await expect(page.getByText('No attendance records found for the selected criteria.')).toBeVisible();
});
