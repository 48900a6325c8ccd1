import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signInAs } from './support/auth';

/**
 * A device's own page, reached from its name in Access Control's device list: what it is, where
 * its events go, and its sync; Resync writes everything again and the page follows it to "In sync".
 */

/** axe's findings on the page as it is now, target size included, as the a11y sweep checks. */
async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'target-size': { enabled: true } } })
    .analyze();
  return results.violations.map((v) => ({
    rule: v.id,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  }));
}

test('an admin opens a door controller from the list, resyncs it and sees it in sync', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'admin', '/access-control');
  // HK-101 (Main Entrance) is one of the demo's simulated controllers Atrium writes to.
  const row = page.locator('[data-testid="device-card"][data-device-id="HK-101"]');
  await expect(row.getByTestId('device-sync')).toBeVisible();
  const name = (await row.getByRole('heading').textContent())?.trim() ?? '';
  await row.getByRole('link', { name }).click();

  await expect(page).toHaveURL(/\/access-control\/devices\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('device-identity')).toContainText('Serial number');
  await expect(page.getByTestId('event-target')).toContainText(/Events: .*; last event/);

  const state = page.getByTestId('sync-state');
  // The demo's first round may still be writing: wait for it, then ask for another.
  await expect(state).toHaveText('In sync', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Resync HK-101' }).click();
  await expect(state).toHaveText('In sync', { timeout: 60_000 });
  await expect(page.getByText('Last synced')).toBeVisible();
  expect(await axeViolations(page), 'axe on the device page').toEqual([]);

  // The way back keeps the spec's /access-control.
  await page.getByRole('link', { name: 'Access Control' }).first().click();
  await expect(page).toHaveURL(/\/access-control$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the device page fits the screen and works by keyboard', async ({ page }) => {
    await signInAs(page, 'admin', '/access-control');
    const link = page.locator('[data-testid="device-card"][data-device-id="HK-101"]').getByRole('link');
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/access-control\/devices\/\d+$/);
    await expect(page.getByRole('button', { name: 'Resync HK-101' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Edit HK-101' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Configure HK-101' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
