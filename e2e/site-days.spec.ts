import { expect, type Page, test } from '@playwright/test';
import { signInAs } from './support/auth';

/**
 * Each person's day is their site's day (issue 35): the demo's sites are in two zones (Head
 * Office and the Singapore warehouse), so the organisation's "today" figures say what a day means.
 */

const NOTE = "Today means each site's local day.";
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });

async function fitsWidth(page: Page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wide).toBeLessThanOrEqual(0);
}

for (const [name, size] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`the admin's today figures say each site's local day (${name})`, async ({ page }) => {
    await page.setViewportSize(size);
    await signInAs(page, 'admin', '/dashboard');
    // Every site (the site filter is remembered per user: another test may have chosen one).
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const reset = await page.request.put('/api/auth/preferences', {
      headers: { authorization: `Bearer ${token}` },
      data: { siteId: null },
    });
    expect(reset.ok(), await reset.text()).toBe(true);
    await page.reload();
    await expect(page.getByTestId('stat-present-today')).toBeVisible();
    await expect(page.getByTestId('site-day-note')).toHaveText(NOTE);
    await fitsWidth(page);
    await shot(page, `dashboard-${name}`);

    await page.goto('/attendance');
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect(page.getByTestId('attendance-overview')).toBeVisible();
    await expect(page.getByTestId('site-day-note')).toHaveText(" · each site's local day");
    await fitsWidth(page);
    await shot(page, `attendance-overview-${name}`);
  });
}
