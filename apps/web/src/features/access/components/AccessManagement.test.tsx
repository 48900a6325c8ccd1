import {
  type AccessLog,
  type Alert,
  accessApi,
  accountApi,
  type Device,
  type LiveMessage,
  sitesApi,
  videoApi,
} from '@atrium/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveHandler } from '@/lib/live';
import { fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, fakeSocket, renderRoutes } from '@/test/render';
import { ONE_SITE, TWO_SITES } from '@/test/site-fixtures';
import { AccessControlPage } from '../pages/AccessControlPage';

const log = (id: number, first: string, action: 'entry' | 'exit'): AccessLog => ({
  id,
  result: 'granted',
  user_id: id + 100,
  first_name: first,
  last_name: 'Doe',
  department_name: 'Warehouse',
  action,
  access_point: 'Main Entrance',
  device_id: 'HK-101',
  timestamp: '2026-11-20T08:57:12Z',
  card_no: null,
  verify_mode: 'card',
  has_picture: false,
  camera_id: null,
});

const alert: Alert = {
  id: 3,
  source: 'access',
  kind: 'door_forced_open',
  severity: 'high',
  state: 'active',
  message: 'Door forced open at Server Room',
  device_id: 'HK-104',
  camera_id: null,
  timestamp: '2026-11-20T08:57:12Z',
  resolved_at: null,
  acknowledged_by: null,
  acknowledged_by_name: null,
  acknowledged_at: null,
  acknowledge_note: null,
};

const device: Device = {
  id: 1,
  device_id: 'HK-101',
  name: 'Main Entrance In',
  type: 'access_controller',
  model: 'DS-K1T671',
  status: 'online',
  location: 'Ground floor lobby',
  site_id: 1,
  site: 'Head Office',
  access_point_id: 1,
  access_point: 'Main Entrance',
  direction: 'entry',
  address: 'http://127.0.0.1:9001',
  last_seen_at: '2026-11-20T08:57:12Z',
  has_push_secret: true,
  has_credentials: true,
  serial_number: null,
  firmware_version: null,
  mac_address: null,
  push_configured_at: null,
  push_error: null,
  sync: {
    state: 'in_sync',
    pending: 0,
    total: 0,
    people: 0,
    synced_at: null,
    error: null,
    retry_at: null,
  },
};

let alerts: Alert[];
let recent: AccessLog[];
let entries: number;

beforeEach(() => {
  fakeApi.on(sitesApi.list, ONE_SITE);
  fakeApi.on(accountApi.preferences, { site_id: null });
  alerts = [alert];
  recent = [log(1, 'Ann', 'entry')];
  entries = 12;
  fakeApi.on(accessApi.stats, () => ({
    stats: { in_building: 9, today_entries: entries, today_exits: 3, active_alerts: alerts.length },
  }));
  fakeApi.on(accessApi.alerts, () => ({ alerts, next_cursor: null }));
  fakeApi.on(accessApi.acknowledgeAlert, () => {
    alerts = [];
    return { alert: { ...alert, state: 'acknowledged' } };
  });
  fakeApi.on(accessApi.devices, { devices: [device] });
  fakeApi.on(accessApi.logs, ({ url, query }) => {
    if (url.endsWith('/access/logs?limit=10')) return { logs: recent, next_cursor: null };
    if (query.get('cursor') === 'older')
      return { logs: [{ ...log(50, 'Old', 'exit'), camera_id: 4 }], next_cursor: null };
    const rows = [log(20, 'Ann', 'entry'), log(21, 'Ben', 'exit')].filter(
      (r) =>
        (!query.get('action') || r.action === query.get('action')) &&
        (!query.get('search') || r.first_name!.toLowerCase().includes(query.get('search')!.toLowerCase())),
    );
    return { logs: rows, next_cursor: query.get('search') ? null : 'older' };
  });
});
// Whole-screen journeys typed key by key; on a loaded two-core machine they outlast the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

function liveSocket() {
  const handlers = new Map<string, Set<LiveHandler>>();
  const socket = fakeSocket({
    status: 'connected',
    connected: true,
    subscribe: (type, handler) => {
      const set = handlers.get(type) ?? new Set();
      set.add(handler);
      handlers.set(type, set);
      return () => set.delete(handler);
    },
  });
  const emit = (message: LiveMessage) =>
    act(() => {
      for (const handler of handlers.get(message.type) ?? []) handler(message);
    });
  return { socket, emit };
}

const render = (socket = fakeSocket()) =>
  renderRoutes([{ path: '/access-control', Component: AccessControlPage }], {
    path: '/access-control',
    auth: fakeAuth(adminUser),
    socket,
  });

describe('Live Monitoring', () => {
  it('shows the server figures and acknowledges an alert with a note', async () => {
    const { user } = render();
    expect((await screen.findByTestId('entries-today')).textContent).toBe('12');
    expect(screen.getByTestId('in-building').textContent).toBe('9');
    expect(screen.getByTestId('active-alerts').textContent).toBe('1');
    const item = await screen.findByTestId('alert-item');
    await user.click(within(item).getByRole('button', { name: /^Acknowledge/ }));
    const dialog = screen.getByRole('dialog', { name: 'Acknowledge alert' });
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Courier');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText('Alert acknowledged')).toBeTruthy();
    expect(fakeApi.requests(accessApi.acknowledgeAlert).map((r) => [r.params.id, r.body])).toEqual([
      ['3', { note: 'Courier' }],
    ]);
    expect(await screen.findByText('No active alerts')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('active-alerts').textContent).toBe('0'));
  });

  it('toasts live passages and alerts, and refetches the alerts on a new one', async () => {
    const { socket, emit } = liveSocket();
    render(socket);
    expect(await screen.findAllByTestId('recent-access-row')).toHaveLength(1);
    // Passages are refetched by the shell's live invalidation (not mounted here); the page toasts.
    emit({
      type: 'access_log_update',
      data: {
        user: { id: 102, name: 'Ben Doe' },
        action: 'exit',
        access_point: 'Main Entrance',
        device_id: 'HK-102',
        timestamp: '2026-11-20T09:00:00Z',
        log_id: 2,
      },
    });
    expect(await screen.findByText('New access: Ben Doe exit at Main Entrance')).toBeTruthy();
    expect(await screen.findAllByTestId('alert-item')).toHaveLength(1);
    alerts = [{ ...alert, id: 4, message: 'Door held open at Warehouse Dock' }, alert];
    emit({
      type: 'access_alert',
      data: {
        id: 4,
        source: 'access',
        kind: 'door_held_open',
        label: 'Door held open',
        severity: 'medium',
        message: 'Door held open at Warehouse Dock',
        device_id: 'HK-103',
        timestamp: '2026-11-20T09:00:00Z',
      },
    });
    expect(await screen.findByText('Hikvision Alert: Door held open - Device HK-103')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('alert-item')).toHaveLength(2));
  });
});

describe('Access Logs', () => {
  it('pages with the cursor of the previous page', async () => {
    const { user } = render();
    await user.click(screen.getByRole('tab', { name: 'Access Logs' }));
    expect(await screen.findAllByTestId('access-log-row')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('access-log-row')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // A passage at a door with a camera opens its playback at the passage's time.
    const video = within(screen.getAllByTestId('access-log-row')[2]!).getByRole('link', { name: /^Video/ });
    expect(video.getAttribute('href')).toBe(
      `/video?camera=4&at=${encodeURIComponent('2026-11-20T08:57:12Z')}`,
    );
  });

  it('sends the action and search filters, keeps Video disabled and shows details', async () => {
    const { user } = render();
    await user.click(screen.getByRole('tab', { name: 'Access Logs' }));
    expect(await screen.findAllByTestId('access-log-row')).toHaveLength(2);
    await user.selectOptions(screen.getByLabelText('Action'), 'Exit');
    await waitFor(() => expect(screen.getAllByTestId('access-log-row')).toHaveLength(1));
    expect(screen.getByTestId('access-log-row').textContent).toContain('Ben Doe');
    await user.selectOptions(screen.getByLabelText('Action'), 'All');
    await user.type(screen.getByLabelText('Search'), 'ann');
    await waitFor(() => expect(screen.getAllByTestId('access-log-row')).toHaveLength(1));
    expect(fakeApi.requests(accessApi.logs).some((r) => r.query.get('search') === 'ann')).toBe(true);

    const row = screen.getByTestId('access-log-row');
    const video = within(row).getByRole('button', { name: /Video/ });
    expect(video.hasAttribute('disabled')).toBe(true);
    expect(video.textContent).toContain('No camera linked');
    await user.click(within(row).getByRole('button', { name: /^View Details/ }));
    expect(within(screen.getByRole('dialog')).getByText('No picture with this event')).toBeTruthy();
  });

  it('refuses a reversed date range instead of sending it', async () => {
    const { user } = render();
    await user.click(screen.getByRole('tab', { name: 'Access Logs' }));
    await screen.findAllByTestId('access-log-row');
    await user.type(screen.getByLabelText('From'), '2026-11-20');
    await user.type(screen.getByLabelText('To'), '2026-11-10');
    expect(await screen.findByText('The end date must not be before the start date.')).toBeTruthy();
    expect(fakeApi.requests().some((r) => r.query.get('to') === '2026-11-10')).toBe(false);
  });
});

describe('the site filter', () => {
  it("shows the chosen site's devices and alerts alone, asks for its figures and says whose today it is", async () => {
    fakeApi.on(sitesApi.list, TWO_SITES);
    fakeApi.on(accountApi.preferences, { site_id: 2 });
    const gate = { ...device, id: 2, device_id: 'HK-201', name: 'Jurong Gate In', site_id: 2 };
    fakeApi.on(accessApi.devices, { devices: [device, { ...gate, site: 'Singapore Warehouse' }] });
    fakeApi.on(videoApi.cameras, { cameras: [] });
    render();
    expect(await screen.findByText('Jurong Gate In')).toBeTruthy();
    // The one active alert is of Head Office's HK-104.
    expect(await screen.findByText('No active alerts')).toBeTruthy();
    expect(fakeApi.requests(accessApi.stats).at(-1)?.query.get('siteId')).toBe('2');
    expect(screen.queryByText('Main Entrance In')).toBeNull();
    expect(screen.getByTestId('device-summary').textContent).toBe('1 door controller, 0 offline');
    expect(screen.getByTestId('site-day').textContent).toBe(
      'Today in Singapore Warehouse (Wednesday 8 July)',
    );
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Site' }).value).toBe('2');
  });
});
