import { expect, type Page, test } from '@playwright/test';
import { signInAs } from './support/auth';

/**
 * People administered in the app: an admin adds a new hire, hands over the invitation link, the
 * new hire sets a password and is signed in; the admin then disables them and their open page
 * is signed out at once. The journey makes its own person, so the demo people stay as they are.
 */

const fitsWidth = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );

test('an admin adds a person, who signs in through the invitation link; disabling signs them out', async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const tag = Date.now().toString(36);
  const lastName = `Newhire${tag}`;
  const email = `nina.${tag}@example.test`;

  await signInAs(page, 'admin', '/settings');
  await expect(page.getByRole('tab', { name: 'People', selected: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add Person' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('First name').fill('Nina');
  await form.getByLabel('Last name').fill(lastName);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Employee number').fill(`E2E-${tag}`);
  await form.getByLabel('Badge number').fill(`E2E-B-${tag}`);
  await form.getByLabel('Department').selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Add Person' }).click();

  const linkDialog = page.getByRole('dialog', { name: `Invitation link for Nina ${lastName}` });
  await expect(linkDialog.getByText('Atrium sends no email')).toBeVisible();
  await linkDialog.getByRole('button', { name: 'Copy' }).click();
  await expect(linkDialog.getByText('Link copied.')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
  await expect(linkDialog.getByLabel('One-time link')).toHaveValue(link);
  await linkDialog.getByRole('button', { name: 'Done' }).click();

  // The new hire, in a browser of their own.
  const theirs = await browser.newContext();
  const invitee = await theirs.newPage();
  try {
    await invitee.goto(link);
    await expect(invitee.getByRole('heading', { name: 'Welcome, Nina' })).toBeVisible();
    await expect(invitee.getByText(email)).toBeVisible();
    await invitee.getByLabel('New password').fill('short');
    await invitee.getByLabel('Repeat password').fill('short');
    await invitee.getByRole('button', { name: 'Set Password and Sign In' }).click();
    await expect(invitee.getByText('New password must be at least 10 characters')).toBeVisible();
    await invitee.getByLabel('New password').fill('password1234');
    await invitee.getByLabel('Repeat password').fill('password1234');
    await invitee.getByRole('button', { name: 'Set Password and Sign In' }).click();
    // Said once, under the password field.
    await expect(invitee.getByText(/one of the most common passwords/)).toHaveCount(1);
    await expect(
      invitee.getByText('This is one of the most common passwords. Choose one that is harder to guess.'),
    ).toBeVisible();
    const password = `Nina's own ${tag} passphrase`;
    await invitee.getByLabel('New password').fill(password);
    await invitee.getByLabel('Repeat password').fill(password);
    await invitee.getByRole('button', { name: 'Set Password and Sign In' }).click();
    await expect(invitee).toHaveURL(/\/dashboard$/);
    await expect(invitee.getByText(`Nina ${lastName}`, { exact: true })).toBeVisible();
    await expect(invitee.getByRole('button', { name: 'Logout' })).toBeVisible();

    // The link was single use.
    const again = await theirs.newPage();
    await again.goto(link);
    await expect(again.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
    await again.close();

    // The admin finds them, and disables them: their open page is signed out at once.
    await page.getByLabel('Search people').fill(lastName);
    await page.getByRole('link', { name: `Nina ${lastName}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Nina ${lastName}`) })).toBeVisible();
    await expect(page.getByText('Set', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Disable' }).click();
    const confirm = page.getByRole('dialog', { name: `Disable Nina ${lastName}?` });
    await expect(confirm.getByText('Their sessions end at once')).toBeVisible();
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByRole('heading', { level: 1 }).getByText('Disabled')).toBeVisible();
    await expect(invitee.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 15_000 });
  } finally {
    await theirs.close();
  }
});

test('the People tab and a person page fit a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'admin', '/settings');
  const first = page.getByTestId('person-row').first();
  await expect(first).toBeVisible();
  await fitsWidth(page);
  await page.getByLabel('Status').selectOption('all');
  await expect(first).toBeVisible();
  await fitsWidth(page);
  await first.getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Leave Balances', exact: false })).toBeVisible();
  await fitsWidth(page);
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await fitsWidth(page);
});
