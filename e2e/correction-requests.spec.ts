import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { demo, signInAs } from './support/auth';

/**
 * A correction request end to end: the demo User asks for a past day's times, the demo Admin
 * approves it in Attendance Management, and the User's calendar shows the day corrected.
 * Other specs share the server, so the day is first put into a known state through the API.
 */

async function tokenOf(request: APIRequestContext, who: 'admin' | 'user') {
  const res = await request.post('/api/auth/login', { data: demo[who] });
  expect(res.ok()).toBe(true);
  return { authorization: `Bearer ${(await res.json()).token as string}` };
}

/** The date `days` before `date` (calendar arithmetic on the date alone). */
function daysBefore(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** Two days ago on the organisation's clock, with no record and no pending request of the User. */
async function clearedPastDay(request: APIRequestContext): Promise<{ today: string; day: string }> {
  const [admin, user] = [await tokenOf(request, 'admin'), await tokenOf(request, 'user')];
  const status = await request.get('/api/attendance/my-status', { headers: user });
  const today = (await status.json()).status.date as string;
  const day = daysBefore(today, 2);
  const list = await request.get(
    `/api/attendance?date=${day}&search=${encodeURIComponent(demo.user.email)}`,
    {
      headers: admin,
    },
  );
  for (const row of (await list.json()).attendance as { id: number | null }[]) {
    if (row.id === null) continue;
    const res = await request.delete(`/api/attendance/${row.id}`, {
      headers: admin,
      data: { reason: 'e2e: a missed day to correct' },
    });
    expect(res.ok()).toBe(true);
  }
  const mine = await request.get('/api/attendance/correction-requests/mine?limit=100', { headers: user });
  for (const r of (await mine.json()).requests as { id: number; date: string; status: string }[]) {
    if (r.date === day && r.status === 'pending')
      expect(
        (await request.post(`/api/attendance/correction-requests/${r.id}/cancel`, { headers: user })).ok(),
      ).toBe(true);
  }
  return { today, day };
}

/** The calendar showing `day`'s month (one step back when the day fell in the previous month). */
async function calendarAt(page: Page, today: string, day: string) {
  await page.getByRole('tab', { name: 'Calendar' }).click();
  if (day.slice(0, 7) !== today.slice(0, 7))
    await page.getByRole('button', { name: 'Previous month' }).click();
  return page.locator(`td[data-date="${day}"]`);
}

test('staff request a correction of a missed day, the admin approves, and the day is corrected', async ({
  browser,
  request,
}) => {
  const { today, day } = await clearedPastDay(request);

  const staff = await browser.newPage();
  await signInAs(staff, 'user', '/attendance');
  await staff.getByRole('button', { name: 'Request correction' }).click();
  const form = staff.getByRole('dialog', { name: 'Request correction' });
  await form.getByLabel('Day').fill(day);
  await expect(form.getByText(/Nothing is recorded on this day/)).toBeVisible();
  await form.getByLabel('Check in').fill('09:00');
  await form.getByLabel('Check out').fill('17:00');
  await form.getByLabel('Reason').fill('Badge left at home; worked the whole day');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(staff.getByText('Correction request sent')).toBeVisible();
  const mine = staff.getByTestId('my-correction').filter({ hasText: 'Badge left at home' }).first();
  await expect(mine).toContainText('Pending');

  const admin = await browser.newPage();
  await signInAs(admin, 'admin', '/attendance');
  await admin.getByRole('tab', { name: 'Corrections' }).click();
  const pending = admin.getByTestId('correction-request').filter({ hasText: 'Badge left at home' });
  await expect(pending).toHaveCount(1);
  await pending.getByRole('button', { name: /^Approve Jamie Carter/ }).click();
  await expect(admin.getByText('Correction for Jamie Carter approved')).toBeVisible();
  await expect(pending).toHaveCount(0);

  // The staff page hears of the decision live: the request and the calendar follow.
  await expect(mine).toContainText('Approved');
  const cell = await calendarAt(staff, today, day);
  await expect(cell).toHaveAttribute('data-kind', 'present');
  await expect(cell).toContainText('09:00');
  await expect(cell).toContainText('17:00');
  await staff.close();
  await admin.close();
});
