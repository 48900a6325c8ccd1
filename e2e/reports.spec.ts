import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { signIn } from './support/auth';

/**
 * Reports against the demo organisation: every type generates from the server's data, and the
 * exports are real files. Figures are checked as present and shaped, not as exact totals: the
 * demo's devices keep pushing while the suite runs.
 */

const TYPES = [
  { name: 'Attendance Report', card: 'Present Days', table: 'Employee Attendance' },
  {
    name: 'Leave Report',
    card: 'Leave Days Used',
    table: 'Leave by Type',
    chart: /^Leave Balance \d{4}, Average per Person$/,
  },
  { name: 'Access Control Report', card: 'Passages', table: 'Access Points by Day' },
  { name: 'Department Report', card: null, table: 'Department Details' },
  {
    name: 'People Counting Report',
    card: null,
    table: 'Daily Traffic Summary',
    chart: 'Weekly Traffic, Average per Weekday',
  },
] as const;

async function signedIn(browser: Browser, who: 'admin' | 'user', width = 1280, height = 800) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  await signIn(page, who);
  return { context, page };
}

const typeCard = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}`) });

test('admin generates every report type; switching type clears it and Reset starts over', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, 'admin');
  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

  for (const type of TYPES) {
    await typeCard(page, type.name).click();
    await expect(typeCard(page, type.name)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Report Generated')).toHaveCount(0);
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await expect(page.getByText('Report Generated')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 2, name: type.name })).toBeVisible();
    // Four summary cards, each with a figure.
    const cards = page.locator('[data-report-print] ul').first().getByRole('listitem');
    await expect(cards).toHaveCount(4);
    for (const text of await cards.allInnerTexts()) expect(text).toMatch(/\d/);
    if (type.card) await expect(cards.filter({ hasText: type.card })).toHaveCount(1);
    await expect(page.getByRole('heading', { name: type.table })).toBeVisible();
    // The table has rows of real data (a demo month has people, doors, departments and counters).
    await expect(page.locator('[data-report-print] tbody tr').first()).toBeVisible();
    // A chart is drawn for every type.
    await expect(page.locator('[data-report-print] svg.recharts-surface').first()).toBeVisible();
    if ('chart' in type)
      await expect(page.getByRole('heading', { level: 2, name: type.chart })).toBeVisible();
  }

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('Report Generated')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export PDF' })).toBeDisabled();
  await context.close();
});

test('the attendance report table searches and sorts; PDF and Excel download as real files', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, 'admin');
  await page.goto('/reports');
  await page.getByRole('button', { name: 'Generate Report' }).click();
  await expect(page.getByText('Report Generated')).toBeVisible({ timeout: 20_000 });

  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('Carter');
  await expect(page.getByRole('cell', { name: 'Jamie Carter' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Alex Morgan' })).toHaveCount(0);
  await search.fill('');

  const present = page.getByRole('columnheader', { name: 'Present Days' });
  await present.getByRole('button').click();
  await expect(present).toHaveAttribute('aria-sort', 'ascending');
  const firstTwo = async () =>
    await page
      .locator('tbody tr')
      .evaluateAll((rows) => rows.slice(0, 2).map((r) => Number(r.children[2]?.textContent)));
  const [a, b] = await firstTwo();
  expect(a).toBeLessThanOrEqual(b!);
  await present.getByRole('button').click();
  await expect(present).toHaveAttribute('aria-sort', 'descending');

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  const pdfBytes = await readFile((await pdf.path())!);
  expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdfBytes.length).toBeGreaterThan(2000);

  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Excel' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const xlsxBytes = await readFile((await xlsx.path())!);
  // An .xlsx is a zip archive: it starts with the local file header "PK\x03\x04".
  expect([...xlsxBytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  await context.close();
});

test('reports fit a phone and staff get Access Denied', async ({ browser }) => {
  const phone = await signedIn(browser, 'admin', 390, 844);
  await phone.page.goto('/reports');
  await phone.page.getByRole('button', { name: 'Generate Report' }).click();
  await expect(phone.page.getByText('Report Generated')).toBeVisible({ timeout: 20_000 });
  const wide = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wide).toBeLessThanOrEqual(0);
  // Each card's label sits above its value, not beside the next label ("WarehousePresent Days").
  const card = phone.page
    .locator('[data-report-print] li')
    .filter({ has: phone.page.locator('dl') })
    .first();
  const label = await card.getByRole('term').first().boundingBox();
  const value = await card.getByRole('definition').first().boundingBox();
  expect(value!.y).toBeGreaterThanOrEqual(label!.y + label!.height - 1);
  await phone.context.close();

  const staff = await signedIn(browser, 'user');
  await staff.page.goto('/reports');
  await expect(staff.page.getByText('Access Denied')).toBeVisible();
  await staff.context.close();
});
