import { type ApiToken, apiTokensApi, type CreateApiTokenRequest } from '@atrium/contract';
import { addDays } from '@atrium/contract/calendar';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { organisationInstant, organisationToday } from '@/lib/org-time';
import { failure, fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, renderRoutes } from '@/test/render';
import { ApiTokensPanel } from './ApiTokensPanel';

const SECRET = `atr_${'S'.repeat(43)}`;

const token = (id: number, name: string, over: Partial<ApiToken> = {}): ApiToken => ({
  id,
  name,
  prefix: `atr_Ab${id}xyz`,
  scopes: ['attendance.view'],
  created_by: { id: 1, name: 'Ada Admin' },
  created_at: '2026-01-05T09:00:00Z',
  expires_at: '2027-01-05T09:00:00Z',
  last_used_at: null,
  last_used_ip: null,
  revoked_at: null,
  revokedBy: null,
  status: 'active',
  ...over,
});

let tokens: ApiToken[];
let created: CreateApiTokenRequest[];
beforeEach(() => {
  created = [];
  tokens = [
    token(2, 'Payroll sync', {
      scopes: ['attendance.view', 'leave.view'],
      last_used_at: '2026-02-01T10:00:00Z',
      last_used_ip: '10.1.2.3',
    }),
    token(1, 'Old export', { status: 'revoked', revoked_at: '2026-01-10T09:00:00Z' }),
  ];
  fakeApi.on(apiTokensApi.list, () => ({ tokens, next_cursor: null }));
  fakeApi.on(apiTokensApi.create, ({ body }) => {
    created.push(body as CreateApiTokenRequest);
    const made = token(3, body.name, { scopes: body.scopes, expires_at: body.expiresAt });
    tokens = [made, ...tokens];
    return { api_token: made, token: SECRET };
  });
  fakeApi.on(apiTokensApi.revoke, ({ params }) => {
    tokens = tokens.map((t) => (t.id === Number(params.id) ? { ...t, status: 'revoked' as const } : t));
    return tokens.find((t) => t.id === Number(params.id))!;
  });
});

const render = () =>
  renderRoutes([{ path: '/organisation', element: <ApiTokensPanel /> }], {
    path: '/organisation',
    auth: fakeAuth(adminUser),
  });

describe('API tokens panel', () => {
  it('lists tokens with prefix, scopes in words, last use and status; only active ones can be revoked', async () => {
    render();
    expect(await screen.findByText('Payroll sync')).toBeTruthy();
    expect(screen.getByText('atr_Ab2xyz…')).toBeTruthy();
    expect(screen.getByText('Read attendance · Read leave')).toBeTruthy();
    expect(screen.getByText(/from 10\.1\.2\.3/)).toBeTruthy();
    expect(screen.getByText('Revoked', { selector: 'span' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revoke Payroll sync' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Revoke Old export' })).toBeNull();
  });

  it('creates a token and shows its secret once, with a warning', async () => {
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Create Token' }));
    let dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create Token' }));
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Scopes must name at least one scope')).toBeTruthy();
    expect(created).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'HR bridge' } });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Manage people' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read leave' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Token' }));

    dialog = await screen.findByRole('dialog', { name: 'Token HR bridge created' });
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>('API token').value).toBe(SECRET);
    expect(within(dialog).getByText(/will not be shown again/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeTruthy();
    // Scopes go in the order of the list, whatever order they were ticked in.
    expect(created).toEqual([
      { name: 'HR bridge', scopes: ['leave.view', 'people.manage'], expiresAt: expect.any(String) },
    ]);
    expect(new Date(created[0]!.expiresAt).getTime()).toBeGreaterThan(Date.now() + 80 * 86_400_000);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(await screen.findByText('HR bridge')).toBeTruthy();
  });

  it('sets the expiry to the last second of the chosen day on the organisation clock, not 23:59:00', async () => {
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Create Token' }));
    const dialog = screen.getByRole('dialog');
    const day = addDays(organisationToday(), 30);
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Until then' } });
    fireEvent.change(within(dialog).getByLabelText('Expiry date'), { target: { value: day } });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read attendance' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Token' }));
    await screen.findByRole('dialog', { name: 'Token Until then created' });
    const nextMidnight = Date.parse(organisationInstant(addDays(day, 1), '00:00'));
    expect(Date.parse(created[0]!.expiresAt)).toBe(nextMidnight - 1000);
  });

  it("shows the server's refusal under the field it names", async () => {
    fakeApi.on(apiTokensApi.create, () =>
      failure(400, 'validation_failed', 'Expires at must be in the future', [
        { field: 'expiresAt', rule: 'future', message: 'Expires at must be in the future' },
      ]),
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Create Token' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Late' } });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read attendance' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Token' }));
    expect(await within(dialog).findByText('Expires at must be in the future')).toBeTruthy();
  });

  it('revokes after a confirmation', async () => {
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Revoke Payroll sync' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke Payroll sync?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke Token' }));
    expect(await screen.findAllByText('Revoked', { selector: 'span' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Revoke Payroll sync' })).toBeNull();
  });
});
