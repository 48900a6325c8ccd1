import { expect, type Page } from '@playwright/test';

export const demo = {
  admin: { email: 'admin@atrium.local', password: 'Admin#2026', name: 'Alex Morgan' },
  user: { email: 'user@atrium.local', password: 'User#2026', name: 'Jamie Carter' },
} as const;

/** Signs in through the real login page, as a person would. */
export async function signIn(page: Page, who: keyof typeof demo, path = '/login'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email').fill(demo[who].email);
  await page.getByLabel('Password').fill(demo[who].password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/** Signs in with the Demo Accounts one-click button. */
export async function signInWithDemoButton(page: Page, label: 'Admin' | 'User'): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}
