import { type Webhook, webhooksApi } from '@atrium/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, renderRoutes } from '@/test/render';
import { WebhooksPanel } from './WebhooksPanel';

const SECRET = `whsec_${'A'.repeat(43)}=`;
let hooks: Webhook[];

const hook = (over: Partial<Webhook> = {}): Webhook => ({
  id: 1,
  url: 'https://payroll.example.com/atrium',
  description: 'Payroll',
  event_types: ['person.created', 'leave.decided'],
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  created_at: '2026-06-01T09:00:00.000Z',
  updated_at: '2026-06-01T09:00:00.000Z',
  last_delivery: { status: 'succeeded', status_code: 200, at: '2026-06-02T09:00:00.000Z' },
  ...over,
});

beforeEach(() => {
  hooks = [];
  fakeApi.on(webhooksApi.list, () => ({ webhooks: hooks }));
  fakeApi.on(webhooksApi.settings, () => ({ allowPrivateAddresses: false }));
});

const renderPanel = () =>
  renderRoutes([{ path: '/settings', element: <WebhooksPanel /> }], {
    path: '/settings',
    auth: fakeAuth(adminUser),
  });

describe('Webhooks', () => {
  it('adds a webhook with the chosen event types and shows its secret once', async () => {
    fakeApi.on(webhooksApi.create, ({ body }) => {
      hooks = [hook({ id: 7, url: body.url, event_types: body.eventTypes, last_delivery: null })];
      return { webhook: hooks[0]!, secret: SECRET };
    });
    const { user } = renderPanel();
    await screen.findByText('No webhooks yet.');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = screen.getByRole('dialog', { name: 'Add webhook' });
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(within(dialog).getByText('Choose at least one event type')).toBeTruthy();
    expect(fakeApi.requests(webhooksApi.create)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('URL'), 'https://hooks.example.com/in');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Leave decided' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Checked in' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    const shown = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(shown).getByLabelText<HTMLInputElement>('Secret').value).toBe(SECRET);
    // Sent in the order the groups show them, whatever order they were ticked in.
    expect(fakeApi.requests(webhooksApi.create)[0]?.body).toEqual({
      url: 'https://hooks.example.com/in',
      eventTypes: ['attendance.checked_in', 'leave.decided'],
      description: '',
    });
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('https://hooks.example.com/in')).toBeTruthy();
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('shows the server’s refusal of a private address beside the URL', async () => {
    fakeApi.on(webhooksApi.create, () =>
      failure(400, 'validation_failed', 'url refused', [
        { field: 'url', rule: 'private_address', message: 'must not point at a loopback address' },
      ]),
    );
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = screen.getByRole('dialog', { name: 'Add webhook' });
    await user.type(within(dialog).getByLabelText('URL'), 'http://127.0.0.1/admin');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Person created' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await within(dialog).findByText('URL must not point at a loopback address')).toBeTruthy();
  });

  it('lists a disabled webhook with its reason, and redelivers from its log', async () => {
    hooks = [hook({ enabled: false, disabled_reason: 'Every delivery failed for 24 hours' })];
    fakeApi.on(webhooksApi.deliveries, () => ({
      deliveries: [
        {
          id: 31,
          message_id: 'msg_12_40',
          event_type: 'person.created',
          status: 'abandoned',
          attempts: 8,
          last_status_code: 503,
          last_response_ms: 41,
          last_error: 'HTTP 503',
          next_attempt_at: null,
          created_at: '2026-06-01T10:00:00.000Z',
          delivered_at: null,
          redelivery_of: null,
        },
        {
          id: 30,
          message_id: 'msg_12_39',
          event_type: 'person.changed',
          status: 'failed',
          attempts: 2,
          last_status_code: 500,
          last_response_ms: 12,
          last_error: 'HTTP 500',
          next_attempt_at: '2026-06-01T10:35:00.000Z',
          created_at: '2026-06-01T10:00:00.000Z',
          delivered_at: null,
          redelivery_of: null,
        },
      ],
      next_cursor: null,
    }));
    fakeApi.on(webhooksApi.redeliver, () => ({
      delivery: {
        id: 32,
        message_id: 'msg_12_40',
        event_type: 'person.created',
        status: 'pending',
        attempts: 0,
        last_status_code: null,
        last_response_ms: null,
        last_error: null,
        next_attempt_at: '2026-06-03T10:00:00.000Z',
        created_at: '2026-06-03T10:00:00.000Z',
        delivered_at: null,
        redelivery_of: 31,
      },
    }));
    const { user } = renderPanel();
    expect(await screen.findByText('Turned off: Every delivery failed for 24 hours')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enable https://payroll.example.com/atrium' })).toBeTruthy();
    await user.click(
      screen.getByRole('button', { name: 'Deliveries of https://payroll.example.com/atrium' }),
    );
    const log = await screen.findByRole('list', { name: 'Delivery log' });
    expect(await within(log).findByText(/8 attempts · HTTP 503 · 41 ms/)).toBeTruthy();
    // A message waiting for its retry says when it comes.
    expect(within(log).getByText(/2 attempts · HTTP 500 · 12 ms · next attempt/)).toBeTruthy();
    await user.click(within(log).getByRole('button', { name: /^Redeliver Person created/ }));
    expect(await screen.findByText('Queued again with the same webhook-id')).toBeTruthy();
    const sent = fakeApi.requests(webhooksApi.redeliver)[0]?.params;
    expect([String(sent?.id), String(sent?.deliveryId)]).toEqual(['1', '31']);
  });
});
