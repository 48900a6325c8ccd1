import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { demo, signIn, signInWithDemoButton } from './support/auth';

test.describe('sign in and out', () => {
  test('the demo Admin signs in with the one-click button and sees the organisation', async ({ page }) => {
    await signInWithDemoButton(page, 'Admin');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByTestId('user-name')).toHaveText(demo.admin.name);
    await expect(page.getByText('Admin', { exact: true }).first()).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const entry of [
      'Dashboard',
      'Time & Attendance',
      'Leave & HR',
      'Access Control',
      'Video',
      'People Counting',
      'Reports',
    ]) {
      await expect(nav.getByRole('link', { name: entry, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('the demo User signs in and sees only their own three entries', async ({ page }) => {
    await signInWithDemoButton(page, 'User');
    await expect(page.getByTestId('user-name')).toHaveText(demo.user.name);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Time & Attendance', 'Leave & HR']);
    await page.goto('/reports');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
    await expect(page.getByText('Only administrators can access reports.')).toBeVisible();
    await page.goto('/people-counting');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText('Only administrators can access people counting analytics.')).toBeVisible();
  });

  test('the login page says it is a demo and shows the server error until a field changes', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByText('This is a demo application for testing purposes.')).toBeVisible();
    await page.getByLabel('Email').fill(demo.admin.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await page.getByLabel('Password').fill('still wrong');
    await expect(page.getByText('Invalid email or password')).toBeHidden();
  });

  test('the guard sends a signed-out visitor to login and back to the page asked for', async ({ page }) => {
    await page.goto('/leave');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(demo.user.email);
    await page.getByLabel('Password').fill(demo.user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/leave$/);
  });

  test('a signed-in user who opens the login page is sent on, and logout ends the session', async ({
    page,
  }) => {
    await signIn(page, 'user');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The old token is dead on the server too, not just forgotten by the browser.
    const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a session survives a reload, and / leads to the dashboard', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  });

  test('the login page has no serious accessibility violations', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
