import { expect, test } from '@playwright/test';
import { signInAs } from './support/auth';

/**
 * Organisation > API Tokens: an admin creates a token in the UI, another system uses it (fetch,
 * no browser session), the admin revokes it, and the system is refused from then on.
 */
test('an admin creates an API token, a program uses it within its scope, and revoking ends it', async ({
  page,
  baseURL,
}) => {
  const name = `E2E sync ${Date.now().toString(36)}`;
  await signInAs(page, 'admin', '/settings');
  await page.getByRole('tab', { name: 'API Tokens' }).click();
  await page.getByRole('button', { name: 'Create Token' }).click();

  const dialog = page.getByRole('dialog', { name: 'Create API Token' });
  await dialog.getByRole('button', { name: 'Create Token' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('checkbox', { name: 'Read attendance' }).check();
  await dialog.getByRole('button', { name: 'Create Token' }).click();

  const shown = page.getByRole('dialog', { name: `Token ${name} created` });
  await expect(shown.getByText('it will not be shown again')).toBeVisible();
  const secret = await shown.getByLabel('API token').inputValue();
  expect(secret).toMatch(/^atr_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(secret)).toHaveCount(0);

  // Another system: plain HTTP with the token, no browser session.
  const call = (path: string) =>
    fetch(`${baseURL}${path}`, { headers: { authorization: `Bearer ${secret}` } });
  expect((await call('/api/attendance')).status).toBe(200);
  const refused = await call('/api/leave/applications');
  expect(refused.status).toBe(403);
  expect((await refused.json()).error.message).toContain('leave.view');
  expect((await call('/api/auth/me')).status).toBe(403);

  // The list shows its last use (time and address) once the page reads it again.
  await page.reload();
  await page.getByRole('tab', { name: 'API Tokens' }).click();
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row.getByText('Read attendance')).toBeVisible();
  await expect(row.getByText(/from 127\.0\.0\.1/)).toBeVisible();

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke ${name}?` });
  await confirm.getByRole('button', { name: 'Revoke Token' }).click();
  await expect(row.getByText('Revoked', { exact: true }).first()).toBeVisible();
  await expect(row.getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0);

  expect((await call('/api/attendance')).status).toBe(401);
});
