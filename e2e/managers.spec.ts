import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { demo, signInAs, signInWithDemoButton } from './support/auth';

/**
 * The demo manager (Sam Rivera, Warehouse) decides the leave of Warehouse, the demo user's
 * department, and nobody else's. Applications made here have their own reason and dates far
 * ahead, clear of what other specs and the seed make.
 */

const run = Date.now().toString(36);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
/** The first offset from `n` that is a weekday (Annual Leave counts working days). */
const weekdayFrom = (n: number) => {
  let m = n;
  while (![1, 2, 3, 4, 5].includes(new Date(`${inDays(m)}T00:00:00Z`).getUTCDay())) m++;
  return m;
};

async function tokenOf(request: APIRequestContext, who: keyof typeof demo): Promise<string> {
  const res = await request.post('/api/auth/login', {
    data: { email: demo[who].email, password: demo[who].password },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).token;
}

/**
 * Applies for one working day from `offset` days ahead, moving on a day while the person already
 * has leave then (the demo is shared with the other specs, which take days ahead of their own).
 */
async function applyFor(request: APIRequestContext, who: keyof typeof demo, offset: number, reason: string) {
  const headers = { authorization: `Bearer ${await tokenOf(request, who)}` };
  const types = await (await request.get('/api/leave/types', { headers })).json();
  const annual = types.leaveTypes.find((t: { leave_name: string }) => t.leave_name === 'Annual Leave');
  for (let day = weekdayFrom(offset); day < offset + 60; day = weekdayFrom(day + 1)) {
    const date = inDays(day);
    const res = await request.post('/api/leave/apply', {
      headers,
      data: { leaveTypeId: annual.id, startDate: date, endDate: date, reason },
    });
    if (res.status() === 409) continue;
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).application.id as number;
  }
  throw new Error(`no free working day for ${who} from ${offset} days ahead`);
}

async function newSignedIn(browser: Browser, who: keyof typeof demo, path: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInAs(page, who, path);
  return { context, page };
}

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text }).first();

test("the demo manager approves a team member's leave and the member sees it live", async ({
  browser,
  request,
}) => {
  const reason = `E2E manager ${run}`;
  const outsider = `E2E outside the team ${run}`;
  await applyFor(request, 'user', 200, reason);
  // The administrator (Head Office) is not in Warehouse: not the manager's to decide.
  await applyFor(request, 'admin', 210, outsider);

  const member = await newSignedIn(browser, 'user', '/leave');
  const manager = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const m = await manager.newPage();
  await signInWithDemoButton(m, 'Manager');
  await m.goto('/leave');
  await expect(m.getByRole('heading', { name: 'Leave Management' })).toBeVisible();
  await expect(m.getByRole('tab', { name: 'Policies' })).toHaveCount(0);
  await expect(m.getByTestId('pending-application').filter({ hasText: outsider })).toHaveCount(0);
  const card = m.getByTestId('pending-application').filter({ hasText: reason });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: /^Approve/ }).click();
  await expect(toast(m, 'Application approved successfully!')).toBeVisible();
  await expect(card).toBeHidden();

  // The member's open page hears about it at once.
  await expect(toast(member.page, /was approved/)).toBeVisible();

  await member.context.close();
  await manager.close();
});

test("the demo manager's Team Today changes live when a team member checks in", async ({
  browser,
  request,
}) => {
  const admin = { authorization: `Bearer ${await tokenOf(request, 'admin')}` };
  const { departments } = await (await request.get('/api/users/departments', { headers: admin })).json();
  const warehouse = departments.find((d: { name: string }) => d.name === 'Warehouse');
  const lastName = `Teamtoday${run}`;
  const created = await request.post('/api/users', {
    headers: admin,
    data: {
      firstName: 'Wren',
      lastName,
      email: `wren.${run}@atrium.local`,
      employeeNumber: `TT-${run}`,
      badgeNumber: `TTB-${run}`,
      departmentId: warehouse.id,
      role: 'staff',
      startDate: null,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const token = (await created.json()).invitation.inviteUrl.split('/invite/')[1];
  const password = `Team-today-${run}`;
  expect((await request.post('/api/auth/accept-invite', { data: { token, password } })).ok()).toBe(true);

  const manager = await newSignedIn(browser, 'manager', '/dashboard');
  const m = manager.page;
  await m.getByRole('link', { name: 'My Team' }).click();
  await expect(m.getByRole('heading', { name: 'My Team' })).toBeVisible();
  const present = m.getByTestId('team-tile-present');
  await expect(present).toBeVisible();
  const before = await present.textContent();

  const login = await request.post('/api/auth/login', {
    data: { email: `wren.${run}@atrium.local`, password },
  });
  expect(login.ok()).toBe(true);
  const checkIn = await request.post('/api/attendance/check-in', {
    headers: { authorization: `Bearer ${(await login.json()).token}` },
  });
  expect(checkIn.ok(), await checkIn.text()).toBe(true);

  // No reload: the check-in reaches the manager's socket, and the screen asks again.
  const row = m.getByTestId('team-member').filter({ hasText: `Wren ${lastName}` });
  await expect(row).toBeVisible();
  await expect(row.getByText(/^(Present|Late)$/)).toBeVisible();
  await expect(present).not.toHaveText(before ?? '');
  await manager.context.close();
});

test("the demo manager finds a team member's leave on the Team Calendar and exports the team's day", async ({
  browser,
  request,
}) => {
  const reason = `E2E calendar ${run}`;
  const id = await applyFor(request, 'user', 3, reason);
  const headers = { authorization: `Bearer ${await tokenOf(request, 'user')}` };
  const mine = await (await request.get('/api/leave/my-applications', { headers })).json();
  const date: string = mine.applications.find((a: { id: number }) => a.id === id).start_date;

  const manager = await newSignedIn(browser, 'manager', '/team');
  const m = manager.page;
  const monthName = new Date(`${date}T12:00:00Z`).toLocaleString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const month = m.getByTestId('team-calendar-month');
  for (let i = 0; i < 3 && (await month.textContent()) !== monthName; i++)
    await m.getByRole('button', { name: 'Next month' }).click();
  await expect(month).toHaveText(monthName);
  const day = m.locator(`[data-date="${date}"]`);
  await expect(day).toHaveAccessibleName(/off/);
  await day.click();
  await expect(m.getByText(demo.user.name).first()).toBeVisible();

  // The team's attendance for today, as a file: the team's people only.
  const download = m.waitForEvent('download');
  await m
    .getByRole('region', { name: 'Team Attendance' })
    .getByRole('button', { name: /^Export/ })
    .click();
  const csv = await (await download).createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  });
  expect(csv.split('\r\n')[0]).toContain('Employee Number');
  expect(csv).toContain('user@atrium.local');
  expect(csv).not.toContain('admin@atrium.local');
  await manager.context.close();
});
