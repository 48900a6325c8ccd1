import { expect, test } from '@playwright/test';
import { signIn } from './support/auth';

test.describe('one session in two tabs', () => {
  test('two tabs whose access token expired renew it together and both stay signed in', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    try {
      const first = await context.newPage();
      await signIn(first, 'user');
      const second = await context.newPage();
      await second.goto('/dashboard');
      await expect(second.getByRole('button', { name: 'Logout' })).toBeVisible();

      const refreshes: number[] = [];
      context.on('response', (response) => {
        if (response.url().endsWith('/api/auth/refresh')) refreshes.push(response.status());
      });
      // The tabs share the stored token: make it one the server refuses, then load both at once.
      await first.evaluate(() => localStorage.setItem('token', 'expired.access.token'));
      await Promise.all([first.reload(), second.reload()]);

      for (const page of [first, second]) {
        await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
        await expect(page).toHaveURL(/\/dashboard$/);
      }
      // The tabs take turns under a shared lock, and the one that waited usually finds the token the
      // other stored; when storage has not caught up yet it refreshes too, and the server's grace
      // period answers it alike. Either way no refresh is refused, so nobody is signed out.
      expect(refreshes.length).toBeGreaterThanOrEqual(1);
      expect(refreshes.every((status) => status === 200)).toBe(true);
      const stored = await second.evaluate(() => localStorage.getItem('token'));
      expect(stored).not.toBe('expired.access.token');
      const me = await second.evaluate(async (token) => {
        const res = await fetch('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
        return res.status;
      }, stored);
      expect(me).toBe(200);
    } finally {
      await context.close();
    }
  });
});
