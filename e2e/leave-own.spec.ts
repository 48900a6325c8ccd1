import { expect, type Page, test } from '@playwright/test';
import { demo, signInAs } from './support/auth';

/**
 * The administrator is staff too (issue 27): on /leave they switch to My Leave, apply through the
 * wizard on a phone, and their application waits for another administrator: no Approve or Reject
 * on their own row, and the server refuses them the decision. The leave is withdrawn at the end,
 * so the shared demo organisation is left as it was found.
 */

const run = Date.now().toString(36);
/** The e2e server runs in UTC (TZ=UTC), so dates are computed in UTC. */
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
/** The first weekday at or after `n` days ahead: Annual Leave counts working days. */
const weekdayFrom = (n: number) => {
  let m = n;
  while (![1, 2, 3, 4, 5].includes(new Date(`${inDays(m)}T00:00:00Z`).getUTCDay())) m++;
  return m;
};
const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text }).first();

test.use({ viewport: { width: 390, height: 844 } });

test('the admin applies for their own leave, which another admin must decide', async ({ page }) => {
  // Far from the other leave specs' days (14 to 80 days ahead) and the seed's.
  const day = inDays(weekdayFrom(171));
  const reason = `E2E own leave ${run}`;
  await signInAs(page, 'admin');
  await page.goto('/leave');

  // The switch works from the keyboard: arrow right moves to My Leave and selects it.
  const views = page.getByRole('tablist', { name: 'Leave view' });
  await views.getByRole('tab', { name: 'Leave Management' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(views.getByRole('tab', { name: 'My Leave' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'My Leave' })).toBeVisible();

  await page.getByRole('tab', { name: 'Apply for Leave' }).click();
  const next = page.getByRole('button', { name: 'Next' });
  await page.getByRole('radio', { name: /Annual Leave/ }).check();
  await next.click();
  await page.getByLabel('Start date').fill(day);
  await page.getByLabel('End date').fill(day);
  await expect(page.getByTestId('leave-day-count')).toContainText('1 day requested');
  await next.click();
  await page.getByLabel('Reason').fill(reason);
  await next.click();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(toast(page, 'Leave application submitted successfully!')).toBeVisible();

  await page.getByRole('tab', { name: 'History' }).click();
  // The date as the page writes it (the browser's own en-GB month names).
  const shown = await page.evaluate(
    (date) =>
      new Intl.DateTimeFormat('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${date}T00:00:00Z`)),
    day,
  );
  const row = page.getByTestId('leave-history-row').filter({ hasText: shown }).filter({ hasText: 'Pending' });
  await expect(row).toBeVisible();

  // In Leave Management their own application waits, with no decision offered.
  await views.getByRole('tab', { name: 'Leave Management' }).click();
  const own = page.getByTestId('pending-application').filter({ hasText: reason });
  await expect(own).toBeVisible();
  await expect(own.getByText('Your application: another administrator decides it')).toBeVisible();
  await expect(own.getByRole('button', { name: /Approve|Reject/ })).toHaveCount(0);
  await expect(own.getByRole('checkbox')).toHaveCount(0);

  // The server says no too, with a message that says who must decide.
  const login = await page.request.post('/api/auth/login', {
    data: { email: demo.admin.email, password: demo.admin.password },
  });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const mine = await (await page.request.get('/api/leave/my-applications', { headers })).json();
  const id = mine.applications.find((a: { reason: string }) => a.reason === reason).id;
  const refused = await page.request.put(`/api/leave/applications/${id}/status`, {
    headers,
    data: { status: 'approved' },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.message).toBe(
    'You cannot decide your own leave application; another administrator must decide it',
  );

  // Withdrawn again from My Leave, which leaves the demo's pending list as it was.
  await views.getByRole('tab', { name: 'My Leave' }).click();
  await page.getByRole('tab', { name: 'History' }).click();
  await row.getByRole('button', { name: /^Cancel Annual Leave/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel application' }).click();
  await expect(toast(page, 'Application cancelled successfully!')).toBeVisible();
});
