import { expect, test } from '@playwright/test';
import { demo } from './support/auth';

// Single sign-on through the demo's own OpenID Connect provider (DEMO_SSO=1), in the browser.
test('signs in through the identity provider’s login form and lands where it was going', async ({ page }) => {
  await page.goto('/leave');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Sign in with the demo provider' }).click();
  // The provider's own page, on its own origin.
  await expect(page.getByRole('heading', { name: 'Demo identity provider' })).toBeVisible();
  expect(new URL(page.url()).port).not.toBe(new URL(test.info().project.use.baseURL!).port);
  await page.getByLabel('Email').fill(demo.user.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password');
  await page.getByLabel('Email').fill(demo.user.email);
  await page.getByLabel('Password').fill(demo.user.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/leave$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByText(demo.user.name).first()).toBeVisible();

  // Signing out of Atrium signs out at the provider too, which sends the browser back to the login page.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Sign in with the demo provider' })).toBeVisible();
});

test('a forged answer from the provider is refused on the login page, with no session', async ({ page }) => {
  await page.goto('/api/auth/oidc/callback?code=forged&state=forged');
  await expect(page).toHaveURL(/\/login\?sso_error=state$/);
  await expect(page.getByRole('alert')).toHaveText('The sign-in could not be verified. Please try again.');
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
});
