import { expect, test } from '@playwright/test';
import { signInAs } from './support/auth';
import { createThrowaway, retireThrowaways, type Throwaway } from './support/people';

/*
 * Forgot password, end to end. The e2e server has no SMTP server: the mail is read where an
 * administrator reads every message then, Organisation > Outbox, and its link is followed as the
 * person would from their mailbox.
 */

const people: Throwaway[] = [];
test.afterAll(() => retireThrowaways(people));

test('"Forgot password?" mails a link that sets a new password once', async ({ page, browser }) => {
  const person = await createThrowaway('Fern', 'Forgetful');
  people.push(person);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toContainText(person.email);

  // The administrator's Outbox shows the message, newest first, with its link.
  const admin = await browser.newPage();
  await signInAs(admin, 'admin', '/settings');
  await admin.getByRole('tab', { name: 'Outbox' }).click();
  const row = admin.getByRole('button', { name: new RegExp(`Reset your password.*To ${person.email}`) });
  await row.first().click();
  const body = await admin.locator('pre').first().textContent();
  const link = /https?:\/\/[^\s]+\/reset-password\/[A-Za-z0-9_-]{43}/.exec(body ?? '')?.[0];
  expect(link, body ?? '').toBeDefined();
  await admin.close();

  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  const password = `${person.password} renewed`;
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Repeat password').fill(password);
  await page.getByRole('button', { name: 'Set Password and Sign In' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible({ timeout: 20_000 });

  // Used once: the same link now says so, and offers a new one.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
});
