import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { demo, signIn } from './support/auth';

/**
 * People Counting and the finished admin dashboard, against the demo organisation: its two
 * counters carry 60 days of windows and keep pushing while the server runs, so figures are
 * checked as present and consistent, never as exact totals.
 */

const SHOTS = process.env.E2E_SHOTS;

async function signedIn(browser: Browser, who: 'admin' | 'user', width = 1280, height = 800) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  await signIn(page, who);
  return { context, page };
}

async function noAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

async function noWiderThanViewport(page: Page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wide).toBeLessThanOrEqual(0);
}

async function tokenOf(request: APIRequestContext, who: 'admin' | 'user'): Promise<string> {
  const res = await request.post('/api/auth/login', {
    data: { email: demo[who].email, password: demo[who].password },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).token as string;
}

for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const) {
  test(`People Counting as admin at ${width} px: cards, charts, table, hours, export`, async ({
    browser,
  }) => {
    const { context, page } = await signedIn(browser, 'admin', width, height);
    await page.goto('/people-counting');
    await expect(page.getByRole('heading', { level: 1, name: 'People Counting' })).toBeVisible();
    await expect(page.getByText('Visitor foot traffic analytics and conversion insights')).toBeVisible();
    for (const title of ['Daily Entries', 'Total Passby', 'Walk-in Rate', 'Conversion Rate']) {
      await expect(page.getByTestId(`figure-${title}`)).toBeVisible();
    }
    // Seven days of demo traffic: some entries, a walk-in rate between 0 and 100.
    const entries = Number(
      (await page.getByTestId('figure-Daily Entries').textContent())?.replaceAll(',', ''),
    );
    expect(entries).toBeGreaterThan(0);
    await expect(
      page.getByTestId('weekly-traffic-chart').locator('.recharts-bar-rectangle').first(),
    ).toBeVisible();
    await expect(page.getByTestId('walk-in-chart').locator('.recharts-area')).toBeVisible();
    // Yesterday is a whole day of demo traffic; today may still be before opening time (the demo's
    // counters are near zero at night), so its hours can rightly show no bars.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Day', { exact: true }).fill(yesterday);
    await expect(page.getByTestId('hourly-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
    const table = page.getByTestId('traffic-table');
    for (const column of ['Day', 'Entries', 'Passby', 'Walk-in Rate', 'Exits']) {
      await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    await expect(table.locator('tbody tr')).toHaveCount(7);
    // The last seven days end today, which is not over: its row says so.
    await expect(page.getByRole('heading', { level: 2, name: 'Weekly Traffic' })).toBeVisible();
    await expect(table.locator('tbody tr').last()).toContainText('today (so far)');
    await expect(page.getByText('Today is not over', { exact: false })).toBeVisible();

    // Last 30 days: thirty rows, charts titled by the range; the CSV carries them.
    await page.getByLabel('Range').selectOption('last30');
    await expect(table.locator('tbody tr')).toHaveCount(30);
    await expect(page.getByRole('heading', { level: 2, name: 'Traffic, last 30 days' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Walk-in Rate, last 30 days' })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^people-counting-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    // A UTF-8 byte order mark first, like the server's CSV files, then the header.
    expect((await readFile((await file.path())!, 'utf8')).split('\r\n')[0]).toBe(
      '\uFEFFDay,Entries,Passby,Walk-in Rate (%),Exits',
    );

    // One entrance only: fewer entries than all of them together.
    await page.getByLabel('Entrance').selectOption({ label: 'Head Office Lobby' });
    await expect(page.getByText('Walk-in rate', { exact: false }).first()).toBeVisible();

    await noWiderThanViewport(page);
    await noAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/counting-${width}.png`, fullPage: true });
    await context.close();
  });
}

test('People Counting shows the error state with a retry when the report fails', async ({ browser }) => {
  const { context, page } = await signedIn(browser, 'admin');
  let fail = true;
  await page.route('**/api/dashboard/people-analytics-report*', (route) =>
    fail ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
  );
  await page.goto('/people-counting');
  await expect(page.getByRole('heading', { name: 'Error', exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Failed to load people counting data')).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('traffic-table')).toBeVisible();
  await context.close();
});

test('staff get Access Denied on People Counting', async ({ browser }) => {
  const { context, page } = await signedIn(browser, 'user');
  await page.goto('/people-counting');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByTestId('traffic-table')).toHaveCount(0);
  await context.close();
});

for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const) {
  test(`admin dashboard at ${width} px: foot traffic, system health, live monitoring, analytics`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const { context, page } = await signedIn(browser, 'admin', width, height);
    await page.goto('/dashboard');
    await expect(page.getByText('Daily Foot Traffic')).toBeVisible();
    await expect(page.getByText(/Walk-in rate [\d.]+%/)).toBeVisible();
    const health = page.getByTestId('system-health');
    for (const label of ['Database', 'Live channel', 'Device ingest', 'Video recorder', 'Job scheduler']) {
      await expect(health.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('health-database')).toContainText(/ms round trip/);
    // The panel shows what was measured when it loaded, which may be before this page's own
    // socket joined; once the page says Connected, a fresh measurement must count it.
    await expect(page.getByTestId('health-liveChannel')).toContainText(/\d+ sockets? connected/);
    await expect(page.getByTestId('connection-status')).toHaveAttribute('data-connected', 'true');
    const adminHeaders = { authorization: `Bearer ${await tokenOf(request, 'admin')}` };
    const measured = await (
      await request.get('/api/dashboard/system-health', { headers: adminHeaders })
    ).json();
    const live = measured.health.checks.find((c: { service: string }) => c.service === 'liveChannel');
    expect(live.detail).toMatch(/^[1-9]\d* sockets? connected/);
    await noWiderThanViewport(page);
    await noAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-${width}.png`, fullPage: true });

    await page.getByRole('tab', { name: 'Monitoring' }).click();
    await expect(page.getByTestId('metric-Response Time')).toHaveText(/^[\d.]+ms$/, { timeout: 15_000 });
    await expect(page.getByTestId('metric-CPU Usage')).toHaveText(/^[\d.]+%$/);
    await expect(page.getByTestId('metric-Memory Usage')).toHaveText(/^[\d.]+%$/);
    // A door event arrives in the admin's live feed: the admin's own passage, since the staff
    // account's comings and goings belong to access.spec, which may run at the same time.
    const token = await tokenOf(request, 'admin');
    const headers = { authorization: `Bearer ${token}` };
    const status = await (await request.get('/api/access/my-status', { headers })).json();
    const action = status.status.status === 'in' ? 'exit' : 'entry';
    const res = await request.post('/api/access/simulate', {
      headers,
      data: { action, access_point: 'Main Entrance', device_id: 'HK-000' },
    });
    expect(res.ok()).toBe(true);
    await expect(
      page.getByTestId('live-feed').getByText(`${demo.admin.name} ${action}`).first(),
    ).toBeVisible();
    expect(await page.getByTestId('live-feed').locator('li').count()).toBeLessThanOrEqual(10);
    await noAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/monitoring-${width}.png`, fullPage: true });

    await page.getByRole('tab', { name: 'Analytics' }).click();
    for (const id of [
      'chart-attendance-rate',
      'chart-leave-by-type',
      'chart-access-by-hour',
      'chart-foot-traffic-weekday',
    ]) {
      // recharts is fetched when the tab opens: give a loaded machine time for the chunk.
      await expect(page.getByTestId(id).locator('svg.recharts-surface')).toBeVisible({ timeout: 30_000 });
    }
    await noWiderThanViewport(page);
    await noAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/analytics-${width}.png`, fullPage: true });
    await context.close();
  });
}
