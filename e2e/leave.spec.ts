import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { demo, signInAs } from './support/auth';

/**
 * Leave end to end, against the demo organisation shared with the other specs: everything this
 * spec creates has its own dates far ahead and a unique reason, so it never depends on (or
 * disturbs) what other specs or the seed made.
 */

const run = Date.now().toString(36);
/** The server's "today" is UTC in the e2e server (TZ=UTC), so dates are computed in UTC. */
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
/** The first offset from `n` on whose day and the `span - 1` after it are weekdays: Annual Leave counts working days. */
const weekdaysFrom = (n: number, span = 1) => {
  const weekday = (m: number) => [1, 2, 3, 4, 5].includes(new Date(`${inDays(m)}T00:00:00Z`).getUTCDay());
  let m = n;
  while (!Array.from({ length: span }, (_, i) => weekday(m + i)).every(Boolean)) m++;
  return m;
};

async function newSignedIn(
  browser: Browser,
  who: keyof typeof demo,
  viewport = { width: 1280, height: 800 },
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signInAs(page, who);
  return { context, page };
}

async function apiToken(request: APIRequestContext, who: keyof typeof demo): Promise<string> {
  const res = await request.post('/api/auth/login', {
    data: { email: demo[who].email, password: demo[who].password },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).token;
}

async function applyViaApi(
  request: APIRequestContext,
  token: string,
  startDate: string,
  endDate: string,
  reason: string,
) {
  const types = await (
    await request.get('/api/leave/types', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const annual = types.leaveTypes.find((t: { leave_name: string }) => t.leave_name === 'Annual Leave');
  const res = await request.post('/api/leave/apply', {
    headers: { authorization: `Bearer ${token}` },
    data: { leaveTypeId: annual.id, startDate, endDate, reason },
  });
  expect(res.status(), await res.text()).toBe(201);
}

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text }).first();

const annualCard = (page: Page) =>
  page
    .getByRole('list', { name: 'Leave balances' })
    .getByRole('listitem')
    .filter({ hasText: 'Annual Leave' });

test('staff applies through the wizard; the admin approves; the staff sees it live', async ({ browser }) => {
  const staff = await newSignedIn(browser, 'user');
  const admin = await newSignedIn(browser, 'admin');
  const reason = `E2E wizard ${run}`;
  // Two working days of this leave year (the Overview shows this year's balance), clear of the
  // seed's pending leave (10-12 days ahead) and of the batch test's days.
  const offset = weekdaysFrom(14, 2);
  const thisYear = inDays(offset + 1).slice(0, 4) === inDays(0).slice(0, 4);
  const start = inDays(offset);
  const end = inDays(offset + 1);
  const s = staff.page;

  await s.goto('/leave');
  await expect(annualCard(s)).toBeVisible();
  await s.getByRole('tab', { name: 'Apply for Leave' }).click();
  const next = s.getByRole('button', { name: 'Next' });

  await next.click();
  await expect(s.getByText('Please select a leave type')).toBeVisible();
  await s.getByRole('radio', { name: /Annual Leave/ }).check();
  await next.click();

  await next.click();
  await expect(s.getByText('Start date is required')).toBeVisible();
  await expect(s.getByText('End date is required')).toBeVisible();
  await expect(s.getByLabel('Start date')).toHaveAttribute('min', inDays(0));
  await s.getByLabel('Start date').fill(start);
  await expect(s.getByLabel('End date')).toHaveAttribute('min', start);
  await s.getByLabel('End date').fill(inDays(offset - 1));
  await next.click();
  await expect(s.getByText('End date must be after start date')).toBeVisible();
  await s.getByLabel('End date').fill(end);
  await expect(s.getByTestId('leave-day-count')).toContainText('2 days requested');
  await expect(s.getByTestId('leave-day-count')).toContainText('days remaining');
  await next.click();

  await next.click();
  await expect(s.getByText('Please provide a reason for your leave')).toBeVisible();
  await s.getByLabel('Reason').fill(reason);
  await next.click();
  await expect(s.getByText('Review your application')).toBeVisible();
  await s.getByRole('button', { name: 'Submit Application' }).click();
  await expect(toast(s, 'Leave application submitted successfully!')).toBeVisible();
  await expect(s.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');

  await s.getByRole('tab', { name: 'History' }).click();
  const row = s
    .getByTestId('leave-history-row')
    .filter({ hasText: '2 days' })
    .filter({ hasText: 'Pending' })
    .first();
  await expect(row).toBeVisible();
  await s.getByRole('tab', { name: 'Overview' }).click();
  const usedBefore = await annualCard(s)
    .getByText(/of \d+ days used/)
    .textContent();

  const a = admin.page;
  await a.goto('/leave');
  const card = a.getByTestId('pending-application').filter({ hasText: reason });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: /^Approve/ }).click();
  await expect(toast(a, 'Application approved successfully!')).toBeVisible();
  await expect(card).toBeHidden();

  // The applicant's open page hears about it: a toast, and the balance moves to "used".
  await expect(toast(s, /was approved/)).toBeVisible();
  const usedNumber = (text: string | null) => Number(/(\d+) of/.exec(text ?? '')?.[1]);
  // In the last fortnight of a year the two days fall in the next one; the balance shown is this year's.
  if (thisYear)
    await expect
      .poll(async () =>
        usedNumber(
          await annualCard(s)
            .getByText(/of \d+ days used/)
            .textContent(),
        ),
      )
      .toBe(usedNumber(usedBefore) + 2);

  await staff.context.close();
  await admin.context.close();
});

test('the admin approves two applications in one batch', async ({ browser, request }) => {
  const token = await apiToken(request, 'user');
  const one = inDays(weekdaysFrom(60));
  const two = inDays(weekdaysFrom(70));
  await applyViaApi(request, token, one, one, `E2E batch one ${run}`);
  await applyViaApi(request, token, two, two, `E2E batch two ${run}`);

  const admin = await newSignedIn(browser, 'admin');
  const a = admin.page;
  await a.goto('/leave');
  await expect(a.getByText('Select all')).toBeVisible();
  await a.getByRole('button', { name: 'Approve Selected' }).click();
  await expect(toast(a, 'Please select applications first')).toBeVisible();

  for (const name of ['one', 'two']) {
    await a
      .getByTestId('pending-application')
      .filter({ hasText: `E2E batch ${name} ${run}` })
      .getByRole('checkbox')
      .check();
  }
  await expect(a.getByText('2 selected')).toBeVisible();
  await a.getByRole('button', { name: 'Approve Selected' }).click();
  await expect(toast(a, '2 applications approved successfully!')).toBeVisible();
  await expect(a.getByTestId('pending-application').filter({ hasText: `E2E batch one ${run}` })).toBeHidden();

  await a.getByRole('tab', { name: 'All Applications' }).click();
  await a.getByPlaceholder('Search by name, leave type or department').fill('Jamie Carter');
  await a.getByRole('combobox').selectOption('approved');
  await expect(a.getByRole('row').filter({ hasText: 'Jamie Carter' }).first()).toBeVisible();
  await admin.context.close();
});

test('the admin adds, edits and deletes a policy; a type in use cannot be deleted', async ({ browser }) => {
  const admin = await newSignedIn(browser, 'admin');
  const a = admin.page;
  const name = `E2E Study ${run}`;
  await a.goto('/leave');
  await a.getByRole('tab', { name: 'Policies' }).click();

  await a.getByRole('button', { name: 'Add Policy' }).click();
  const dialog = a.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Code').fill(
    `E2E${run
      .slice(-6)
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, 'X')}`,
  );
  await dialog.getByLabel('Max days per year').fill('3');
  await dialog.getByLabel('Description').fill('Courses and exams');
  await dialog.getByRole('button', { name: 'Save Policy' }).click();
  await expect(toast(a, 'Policy added successfully!')).toBeVisible();
  const policy = a.getByTestId('leave-policy').filter({ hasText: name });
  await expect(policy).toContainText('Courses and exams');

  await policy.getByRole('button', { name: `Edit ${name}` }).click();
  await a.getByRole('dialog').getByLabel('Max days per year').fill('4');
  await a.getByRole('dialog').getByLabel('Carry forward unused days').check();
  await a.getByRole('dialog').getByLabel('Cap (days)').fill('2');
  await a.getByRole('dialog').getByRole('button', { name: 'Save Policy' }).click();
  await expect(toast(a, 'Policy updated successfully!')).toBeVisible();
  await expect(policy).toContainText('Yes (up to 2)');
  await expect(policy.getByText('4', { exact: true })).toBeVisible();

  await policy.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(a.getByRole('dialog')).toContainText('cannot be undone');
  await a.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(a, 'Policy deleted successfully!')).toBeVisible();
  await expect(policy).toHaveCount(0);

  const annual = a.getByTestId('leave-policy').filter({ hasText: 'Annual Leave' });
  await annual.getByRole('button', { name: 'Delete Annual Leave' }).click();
  // A type in use says why it stays, and offers no Delete that would only fail.
  await expect(a.getByRole('dialog')).toContainText(
    /Annual Leave has \d+ applications, so it cannot be deleted/,
  );
  await expect(a.getByRole('dialog').getByRole('button', { name: 'Delete' })).toBeDisabled();
  await a.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(annual).toBeVisible();
  await admin.context.close();
});

test('the leave screens have no serious accessibility problems', async ({ browser }) => {
  const check = async (page: Page) => {
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`)).toEqual([]);
  };
  const staff = await newSignedIn(browser, 'user');
  await staff.page.goto('/leave');
  await expect(annualCard(staff.page)).toBeVisible();
  await check(staff.page);
  await staff.page.getByRole('tab', { name: 'Apply for Leave' }).click();
  await staff.page.getByRole('button', { name: 'Next' }).click();
  await check(staff.page);
  await staff.page.getByRole('tab', { name: 'History' }).click();
  await check(staff.page);
  await staff.context.close();

  const admin = await newSignedIn(browser, 'admin');
  await admin.page.goto('/leave');
  await expect(admin.page.getByText('Select all')).toBeVisible();
  await check(admin.page);
  for (const tab of ['All Applications', 'Calendar View', 'Policies']) {
    await admin.page.getByRole('tab', { name: tab }).click();
    await admin.page.waitForLoadState('networkidle');
    await check(admin.page);
  }
  await admin.context.close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('staff sees balances and history, and the admin calendar names who is away', async ({
    page,
    browser,
  }) => {
    await signInAs(page, 'user');
    await page.goto('/leave');
    await expect(annualCard(page)).toBeVisible();
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByTestId('leave-history-row').first()).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    const admin = await newSignedIn(browser, 'admin', { width: 390, height: 844 });
    await admin.page.goto('/leave');
    await admin.page.getByRole('tab', { name: 'Calendar View' }).click();
    await expect(admin.page.getByText('Leave Days')).toBeVisible();
    await expect(admin.page.getByText('Pending Approval')).toBeVisible();
    // Someone is on leave today in the demo data: choosing today lists their name.
    await admin.page
      .locator('button[aria-label$=" on leave"]:not([aria-label$="nobody on leave"])')
      .first()
      .click();
    await expect(
      admin.page.getByRole('list', { name: 'On leave this day' }).getByRole('listitem').first(),
    ).toBeVisible();
    await admin.context.close();
  });

  test('the wizard works from the keyboard', async ({ page }) => {
    await signInAs(page, 'user');
    await page.goto('/leave');
    const overview = page.getByRole('tab', { name: 'Overview' });
    await overview.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Apply for Leave' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('radio', { name: /Sick Leave/ }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter'); // submits the step: Next
    await expect(page.getByLabel('Start date')).toBeVisible();
  });
});
