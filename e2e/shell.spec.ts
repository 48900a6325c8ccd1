import { expect, test } from '@playwright/test';
import { signInAs } from './support/auth';
import { startServer } from './support/server';

test.describe('layout on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the menu slides over, names the section and closes', async ({ page }) => {
    await signInAs(page, 'admin');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();
    await expect(page.getByTestId('current-section')).toHaveText('Dashboard');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Leave & HR' }).click();
    await expect(page).toHaveURL(/\/leave$/);
    await expect(nav).toBeHidden();
    await expect(page.getByTestId('current-section')).toHaveText('Leave & HR');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(nav).toBeHidden();
  });

  test('the staff menu has three entries', async ({ page }) => {
    await signInAs(page, 'user');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveCount(3);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  });
});

test('the connection indicator turns Disconnected when the server stops', async ({ page }) => {
  const server = await startServer(3918, '.tmp/e2e-disconnect-data');
  try {
    await page.goto(`${server.baseURL}/login`);
    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    await page.getByRole('button', { name: 'Sign in' }).click();
    const status = page.getByTestId('connection-status');
    await expect(status).toHaveText('Connected');
    await server.stop();
    await expect(status).toHaveText('Disconnected');
  } finally {
    await server.stop();
  }
});
