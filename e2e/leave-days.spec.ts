import { type Browser, expect, type Page, test } from '@playwright/test';
import { signInAs } from './support/auth';

/**
 * Working days and half days, at phone width: a public holiday the admin declares takes a day
 * off the staff wizard's count of Annual Leave (which counts working days), and a half day is
 * charged 0.5. Everything happens two years ahead (the Organisation spec uses next year), and the
 * holiday and the application are removed again, so the shared demo data stays as it was.
 */

const phone = { width: 390, height: 844 };
const year = new Date().getUTCFullYear() + 2;
/** A Monday in the middle of January, two years ahead: within the two-year horizon whatever today is. */
const monday = (() => {
  const day = new Date(Date.UTC(year, 0, 12));
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  return day;
})();
const dayOf = (offset: number) => new Date(monday.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
const [mon, tue, wed, fri] = [dayOf(0), dayOf(1), dayOf(2), dayOf(4)];
const holidayName = `E2E Founders Day ${Date.now().toString(36)}`;

async function signedIn(browser: Browser, who: 'admin' | 'user') {
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  await signInAs(page, who);
  return { context, page };
}

async function openHolidays(page: Page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Schedules & Holidays' }).click();
  await page.getByRole('button', { name: 'Next year' }).click();
  await page.getByRole('button', { name: 'Next year' }).click();
  await expect(page.getByRole('heading', { name: `Public Holidays ${year}` })).toBeVisible();
}

async function wizardDates(page: Page, start: string, end: string) {
  await page.goto('/leave');
  await page.getByRole('tab', { name: 'Apply for Leave' }).click();
  await page.getByRole('radio', { name: /Annual Leave/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Start date').fill(start);
  await page.getByLabel('End date').fill(end);
}

test('a declared holiday takes a day off the wizard count; half days count 0.5', async ({ browser }) => {
  const staff = await signedIn(browser, 'user');
  const admin = await signedIn(browser, 'admin');
  const s = staff.page;
  const count = s.getByTestId('leave-day-count');

  // Monday to Friday: five working days.
  await wizardDates(s, mon, fri);
  await expect(
    s.getByText('Counts working days only: weekends and public holidays are not counted.'),
  ).toBeVisible();
  await expect(count).toContainText('5 days requested');

  // The admin declares the Wednesday a public holiday.
  const a = admin.page;
  await openHolidays(a);
  await a.getByRole('button', { name: 'Add Holiday' }).click();
  const dialog = a.getByRole('dialog');
  await dialog.getByLabel('Date').fill(wed);
  await dialog.getByLabel('Name').fill(holidayName);
  await dialog.getByRole('button', { name: 'Save Holiday' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(a.getByRole('list', { name: `Public Holidays ${year}` }).getByText(holidayName)).toBeVisible();

  // The same week now counts four, and from the Monday afternoon three and a half.
  await wizardDates(s, mon, fri);
  await expect(count).toContainText('4 days requested');
  await s.getByLabel('First day').selectOption({ label: 'From the afternoon' });
  await expect(count).toContainText('3.5 days requested');
  await s.getByLabel('End date').fill(tue);
  await expect(count).toContainText('1.5 days requested');
  await s.screenshot({ path: test.info().outputPath('wizard-half-days-phone.png'), fullPage: true });

  // A Monday morning alone: half a day, applied and shown as such, then withdrawn.
  await s.getByLabel('End date').fill(mon);
  await s.getByLabel('Day').selectOption({ label: 'Morning only' });
  await expect(count).toContainText('0.5 days requested');
  await s.getByRole('button', { name: 'Next' }).click();
  await s.getByLabel('Reason').fill('E2E dentist');
  await s.getByRole('button', { name: 'Next' }).click();
  await expect(s.getByText('Review your application')).toBeVisible();
  await s.getByRole('button', { name: 'Submit Application' }).click();
  await expect(s.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await s.getByRole('tab', { name: 'History' }).click();
  const row = s
    .getByTestId('leave-history-row')
    .filter({ hasText: 'morning' })
    .filter({ hasText: '0.5 days' });
  await expect(row).toBeVisible();
  await s.screenshot({ path: test.info().outputPath('history-half-day-phone.png'), fullPage: true });
  await row.getByRole('button', { name: /^Cancel/ }).click();
  await s.getByRole('dialog').getByRole('button', { name: 'Cancel application' }).click();
  await expect(row.getByText('Cancelled')).toBeVisible();

  // The holiday goes again.
  const list = a.getByRole('list', { name: `Public Holidays ${year}` });
  await list.getByRole('button', { name: `Remove ${holidayName}` }).click();
  await a.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(list.getByText(holidayName)).toHaveCount(0);

  await staff.context.close();
  await admin.context.close();
});
