import { accessApi, type Device, sitesApi } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, renderRoutes } from '@/test/render';
import { ONE_SITE } from '@/test/site-fixtures';
import { ConfigureDeviceDialog } from './ConfigureDeviceDialog';

const device: Device = {
  id: 4,
  device_id: 'HK-101',
  name: 'Main Entrance',
  type: 'access_controller',
  model: null,
  status: 'online',
  location: 'Lobby',
  access_point_id: null,
  access_point: null,
  site_id: 1,
  site: 'Head Office',
  direction: 'entry',
  address: null,
  last_seen_at: null,
  has_push_secret: false,
  has_credentials: false,
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

beforeEach(() => {
  fakeApi.on(sitesApi.list, ONE_SITE);
  fakeApi.on(accessApi.updateDevice, { device });
  fakeApi.on(accessApi.accessPoints, { accessPoints: [] });
});

const puts = () => fakeApi.requests().filter((request) => request.method === 'PUT');

function renderDialog() {
  const view = renderRoutes(
    [{ path: '/access-control', element: <ConfigureDeviceDialog device={device} onClose={vi.fn()} /> }],
    { path: '/access-control', auth: fakeAuth(adminUser) },
  );
  const dialog = screen.getByRole('dialog');
  const save = () => view.user.click(within(dialog).getByRole('button', { name: 'Save' }));
  return { ...view, dialog, save };
}

describe('ConfigureDeviceDialog', () => {
  it("refuses what the contract's UpdateDeviceRequest refuses, naming field and rule, and sends nothing", async () => {
    const { dialog, save } = renderDialog();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '   ' } });
    // maxLength stops typing, not a pasted or scripted value: the contract's 200 still applies.
    fireEvent.change(within(dialog).getByLabelText('Location'), { target: { value: 'x'.repeat(201) } });
    fireEvent.change(within(dialog).getByLabelText('Address'), { target: { value: 'ftp://10.1.2.31' } });
    await save();

    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Location must be at most 200 characters')).toBeTruthy();
    expect(within(dialog).getByText('Address must be an http:// or https:// address')).toBeTruthy();
    expect(within(dialog).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(puts()).toHaveLength(0);
  });

  it('sends only what changed, as the contract parses it', async () => {
    const { dialog, save } = renderDialog();
    fireEvent.change(within(dialog).getByLabelText('Location'), { target: { value: '  Front desk  ' } });
    await save();
    await waitFor(() => expect(puts()).toHaveLength(1));
    const [sent] = puts();
    expect(sent?.url).toBe('/api/access/devices/4');
    expect(sent?.body).toEqual({ location: 'Front desk' });
  });
});
