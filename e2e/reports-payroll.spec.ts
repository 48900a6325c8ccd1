import { readFile } from 'node:fs/promises';
import { type Browser, expect, test } from '@playwright/test';
import { signIn } from './support/auth';

/**
 * The Payroll report against the demo organisation: it generates a table of people by pay period,
 * fits a phone, and its CSV and Excel exports download as real files.
 */

async function signedIn(browser: Browser, width = 1280, height = 800) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  await signIn(page, 'admin');
  return { context, page };
}

test('admin generates Payroll and downloads it as CSV (with a byte order mark) and Excel', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser);
  await page.goto('/reports');
  await page.getByRole('button', { name: /^Payroll/ }).click();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await page.getByRole('button', { name: 'Generate Report' }).click();
  await expect(page.getByText('Report Generated')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 2, name: 'Payroll', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payroll by Person and Pay Period' })).toBeVisible();
  for (const column of ['Regular Hours', 'Overtime Hours', 'Late Minutes', 'Absent Days', 'Holidays Worked'])
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Unpaid Leave (unpaid) Days' })).toBeVisible();
  await expect(page.locator('[data-report-print] tbody tr').first()).toBeVisible();

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const csvBytes = await readFile((await csv.path())!);
  expect([...csvBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csvBytes.toString('utf8').slice(1).trim().split('\r\n');
  expect(lines[0]).toMatch(
    /^Employee ID,Name,Department,Period Start,Period End,Regular Hours,Overtime Hours/,
  );
  expect(lines.length).toBeGreaterThan(1);

  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Excel' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const xlsxBytes = await readFile((await xlsx.path())!);
  expect([...xlsxBytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  await context.close();
});

test('the payroll table fits a phone, a card per person and period', async ({ browser }) => {
  const { context, page } = await signedIn(browser, 375, 812);
  await page.goto('/reports');
  await page.getByRole('button', { name: /^Payroll/ }).click();
  await page.getByRole('button', { name: 'Generate Report' }).click();
  await expect(page.getByText('Report Generated')).toBeVisible({ timeout: 20_000 });
  const card = page
    .locator('[data-report-print] li')
    .filter({ has: page.locator('dl') })
    .first();
  await expect(card.getByRole('term').filter({ hasText: 'Overtime Hours' })).toBeVisible();
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wide).toBeLessThanOrEqual(0);
  await context.close();
});
