import { expect, type Page, test } from '@playwright/test';
import { signInAs } from './support/auth';
import { createThrowaway, retireThrowaways, type Throwaway } from './support/people';

/**
 * Everyone's Profile: their details, their password, their sessions. The journeys that change a
 * password or end sessions do it to a person of their own, never to the demo accounts the other
 * specs sign in as.
 */

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

const made: Throwaway[] = [];
test.afterAll(async () => retireThrowaways(made));

async function person(first: string, last: string): Promise<Throwaway> {
  const created = await createThrowaway(first, last);
  made.push(created);
  return created;
}

async function signInWith(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible({ timeout: 20_000 });
}

async function openProfile(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
}

test('a person changes their password from the Profile page and signs in with the new one', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const me = await person('Robin', 'Passwordchange');
  await signInWith(page, me.email, me.password);
  await openProfile(page, me.name);
  const details = page.getByRole('region', { name: 'My Details' });
  await expect(details.getByText(me.email)).toBeVisible();
  await expect(details.getByText(/Ask one of them if anything needs changing/)).toBeVisible();

  const form = page.getByRole('region', { name: 'Change Password' });
  const current = form.getByLabel('Current password', { exact: true });
  const next = form.getByLabel('New password', { exact: true });
  const confirm = form.getByLabel('Confirm new password', { exact: true });
  const submit = form.getByRole('button', { name: 'Change Password' });
  await expect(
    form.getByText(/At least 10 characters, and not one of the most common passwords/),
  ).toBeVisible();

  // The contract's rule, in the browser.
  await current.fill(me.password);
  await next.fill('too short');
  await confirm.fill('too short');
  await submit.click();
  await expect(form.getByText('New password must be at least 10 characters')).toBeVisible();

  // The server's rules, shown on the field they name.
  await next.fill('password123');
  await confirm.fill('password123');
  await submit.click();
  await expect(form.getByText(/one of the most common passwords\. Choose one/)).toBeVisible();
  await expect(next).toHaveAttribute('aria-invalid', 'true');

  const chosen = 'quiet harbour lantern 42';
  await current.fill('not my password at all');
  await next.fill(chosen);
  await confirm.fill(chosen);
  await submit.click();
  await expect(form.getByText('That is not your current password.')).toBeVisible();

  await current.fill(me.password);
  await submit.click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await expect(current).toHaveValue('');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(me.email);
  await page.getByLabel('Password').fill(me.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await signInWith(page, me.email, chosen);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('ending a session from another device signs that device out on its next request', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const me = await person('Sasha', 'Twodevices');
  const laptop = await browser.newContext();
  const other = await browser.newContext({ userAgent: FIREFOX_ON_WINDOWS });
  const third = await browser.newContext();
  try {
    const here = await laptop.newPage();
    const there = await other.newPage();
    const elsewhere = await third.newPage();
    await signInWith(here, me.email, me.password);
    await signInWith(there, me.email, me.password);
    await signInWith(elsewhere, me.email, me.password);

    await openProfile(here, me.name);
    const sessions = here.getByRole('list', { name: 'Active Sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(3);
    await expect(sessions.getByRole('listitem').first()).toContainText('This device');
    await sessions.getByRole('button', { name: /^End session Firefox on Windows/ }).click();
    await expect(here.getByText('Firefox on Windows signed out')).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(2);

    await there.goto('/leave');
    await expect(there).toHaveURL(/\/login$/);
    await expect(there.getByRole('button', { name: 'Sign in' })).toBeVisible();

    // Sign out everywhere else: the third device goes too, this one stays.
    await here.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(here.getByText('1 other session signed out')).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    await elsewhere.goto('/attendance');
    await expect(elsewhere).toHaveURL(/\/login$/);
    await here.goto('/attendance');
    await expect(here.getByRole('button', { name: 'Logout' })).toBeVisible();
  } finally {
    await Promise.all([laptop.close(), other.close(), third.close()]);
  }
});

test('the Profile page at phone width: reached from the menu, nothing wider than the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'user');
  await openProfile(page, 'Jamie Carter');
  await expect(page.getByRole('region', { name: 'My Details' }).getByText('user@atrium.local')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Active Sessions' }).getByText('This device')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Change Password' }).getByLabel('Current password'),
  ).toBeVisible();
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
});
