import { expect, type Page, test } from '@playwright/test';
import { signInAs } from './support/auth';

/**
 * Reports per site (issue 35): the demo's sites are in two zones, so a report over every site
 * says each site keeps its own days; narrowed to the Singapore warehouse by the page's site
 * filter it names the site and its zone, and holds only its door.
 */

const WAREHOUSE = 'Singapore Warehouse';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

async function fitsWidth(page: Page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wide).toBeLessThanOrEqual(0);
}

test('a report over every site, then the warehouse alone, says what its days are', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 'admin', '/reports');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  // Start from every site, whatever another run left chosen.
  await page.request.put('/api/auth/preferences', { headers, data: { siteId: null } });
  await page.reload();

  const filter = page.getByRole('combobox', { name: 'Site' });
  await expect(filter).toHaveValue('');
  await page.getByRole('button', { name: /^Access Control Report/ }).click();
  await page.getByRole('button', { name: 'Generate Report' }).click();
  await expect(page.getByTestId('report-days')).toHaveText("Days are each site's local days", {
    timeout: 20_000,
  });

  await filter.selectOption({ label: WAREHOUSE });
  await page.getByRole('button', { name: 'Generate Report' }).click();
  await expect(page.getByTestId('report-days')).toHaveText(
    `Site: ${WAREHOUSE} (Asia/Singapore); days are its local days`,
    { timeout: 20_000 },
  );
  const doors = await page.locator('[data-report-print] tbody tr td:nth-child(2)').allTextContents();
  expect(doors.length).toBeGreaterThan(0);
  for (const door of doors) expect(door.trim()).toBe('Jurong Gate');
  await fitsWidth(page);
  await shot(page, 'reports-warehouse-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('report-days')).toBeVisible();
  await fitsWidth(page);
  await shot(page, 'reports-warehouse-phone');

  await page.request.put('/api/auth/preferences', { headers, data: { siteId: null } });
});
