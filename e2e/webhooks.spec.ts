import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { signInAs } from './support/auth';
import { createThrowaway, retireThrowaways } from './support/people';

interface Hook {
  id: string;
  body: string;
  headers: Record<string, string>;
}

/** A receiving system on this machine: it records what Atrium POSTs and answers 200. */
async function startReceiver() {
  const received: Hook[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
      );
      received.push({
        id: headers['webhook-id'] ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
        headers,
      });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/atrium-hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('an admin adds a webhook, sees an event delivered and signed, and redelivers it', async ({ page }) => {
  const receiver = await startReceiver();
  try {
    await signInAs(page, 'admin', '/settings');
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    // The receiver is on 127.0.0.1: private addresses must be allowed first.
    const allow = page.getByRole('switch', { name: 'Allow private addresses' });
    await expect(allow).toBeEnabled();
    if ((await allow.getAttribute('aria-checked')) !== 'true') await allow.click();
    await expect(allow).toHaveAttribute('aria-checked', 'true');

    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await expect(dialog.getByText('URL must not be empty')).toBeVisible();
    await expect(dialog.getByText('Choose at least one event type')).toBeVisible();
    await dialog.getByLabel('URL', { exact: true }).fill(receiver.url);
    await dialog.getByLabel('Description').fill('E2E receiver');
    await dialog.getByRole('checkbox', { name: 'Person created' }).check();
    await dialog.getByRole('button', { name: 'Add webhook' }).click();

    const shown = page.getByRole('dialog', { name: 'Signing secret' });
    const secret = await shown.getByLabel('Secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(receiver.url)).toBeVisible();

    const person = await createThrowaway('Hook', 'Receiver');
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
    const first = receiver.received[0]!;
    expect(new Webhook(secret).verify(first.body, first.headers)).toMatchObject({
      type: 'person.created',
      data: { person: { id: person.id, email: person.email } },
    });

    await page.getByRole('button', { name: `Deliveries of ${receiver.url}` }).click();
    const log = page.getByRole('list', { name: 'Delivery log' });
    await expect(log.getByText('Succeeded')).toBeVisible();
    await expect(log.getByText('HTTP 200')).toBeVisible();
    await log.getByRole('button', { name: /^Redeliver Person created/ }).click();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2);
    expect(receiver.received[1]!.id).toBe(first.id);
    await expect(log.getByText('Redelivery')).toBeVisible();

    await page.getByRole('button', { name: `Delete ${receiver.url}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete webhook?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('No webhooks yet.')).toBeVisible();
    await allow.click();
    await expect(allow).toHaveAttribute('aria-checked', 'false');
    await retireThrowaways([person]);
  } finally {
    await receiver.close();
  }
});
