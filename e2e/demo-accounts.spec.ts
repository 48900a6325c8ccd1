import { expect, test } from '@playwright/test';
import { demo } from './support/auth';

// The suite's server is the loopback demo (no HOST): there the published passwords may work.
test.describe('Demo Accounts on the login page', () => {
  test('are offered on the loopback demo and withdrawn while a demo account cannot sign in', async ({
    page,
    request,
  }) => {
    const block = page.getByRole('region', { name: 'Demo Accounts' });
    await page.goto('/login');
    await expect(block).toBeVisible();
    await expect(block.getByRole('button', { name: 'Admin', exact: true })).toBeVisible();
    await expect(block.getByRole('button', { name: 'User', exact: true })).toBeVisible();

    // An administrator disables the demo User: its published password no longer signs in.
    const signedIn = await request.post('/api/auth/login', { data: demo.admin });
    expect(signedIn.ok()).toBe(true);
    const headers = { authorization: `Bearer ${(await signedIn.json()).token}` };
    const { users } = (await (
      await request.get(`/api/users?search=${encodeURIComponent(demo.user.email)}`, { headers })
    ).json()) as {
      users: { id: number; email: string }[];
    };
    const user = users.find((u) => u.email === demo.user.email);
    expect(user).toBeDefined();
    const setActive = (active: boolean) =>
      request.post(`/api/users/${user!.id}/${active ? 'enable' : 'disable'}`, { headers });
    try {
      expect((await setActive(false)).ok()).toBe(true);
      expect((await request.post('/api/auth/login', { data: demo.user })).status()).toBe(401);

      await page.reload();
      await expect(page.getByText('This is a demo application for testing purposes.')).toBeVisible();
      await expect(block).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Admin', exact: true })).toHaveCount(0);
    } finally {
      expect((await setActive(true)).ok()).toBe(true);
    }

    await page.reload();
    await expect(block).toBeVisible();
  });
});
