import { accessApi, CameraInput, sitesApi, videoApi } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, renderRoutes } from '@/test/render';
import { ONE_SITE } from '@/test/site-fixtures';
import { CameraForm } from './CameraForm';

beforeEach(() => {
  fakeApi.on(sitesApi.list, ONE_SITE);
  // The server saves the camera as sent (its defaults filled) and answers it with its media links.
  fakeApi.on(videoApi.createCamera, ({ body }) => {
    const sent = CameraInput.parse(body);
    return {
      camera: {
        ...sent,
        id: 3,
        code: 'CAM-03',
        status: 'offline',
        status_changed_at: '2026-07-06T10:00:00.000Z',
        access_point_name: null,
        site_id: sent.site_id ?? 1,
        site: 'Head Office',
        recording_paused: false,
        live_url: '/api/video/media/3/live/index.m3u8?token=t',
        snapshot_url: '/api/video/media/3/snapshot.jpg?token=t',
        media_token: 't',
        push_configured: false,
      },
    };
  });
  fakeApi.on(accessApi.accessPoints, { accessPoints: [] });
});

const posts = () => fakeApi.requests().filter((request) => request.method === 'POST');

function renderForm() {
  const view = renderRoutes([{ path: '/video', element: <CameraForm onClose={vi.fn()} /> }], {
    path: '/video',
    auth: fakeAuth(adminUser),
  });
  const dialog = screen.getByRole('dialog');
  const save = () => view.user.click(within(dialog).getByRole('button', { name: 'Save' }));
  return { ...view, dialog, save };
}

describe('CameraForm', () => {
  it("refuses what the contract's CameraInput refuses, naming field and rule, and sends nothing", async () => {
    const { dialog, save } = renderForm();
    await save();
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Stream URL is required')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Lobby' } });
    // maxLength stops typing, not a pasted or scripted value: the contract's 200 still applies.
    fireEvent.change(within(dialog).getByLabelText('Location'), { target: { value: 'x'.repeat(201) } });
    fireEvent.change(within(dialog).getByLabelText('Stream URL'), {
      target: { value: 'file:///etc/passwd' },
    });
    fireEvent.change(within(dialog).getByLabelText('Keep recordings (hours)'), { target: { value: '' } });
    await save();
    expect(within(dialog).getByText('Location must be at most 200 characters')).toBeTruthy();
    expect(within(dialog).getByText(/^Stream URL must be a URL starting with rtsp:\/\//)).toBeTruthy();
    expect(within(dialog).getByText('Keep recordings (hours) must be a whole number')).toBeTruthy();
    expect(within(dialog).queryByText('Name is required')).toBeNull();
    expect(within(dialog).getByLabelText('Location').getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toHaveLength(0);
  });

  it('sends the parsed camera (trimmed, defaults kept) once valid', async () => {
    const { dialog, save } = renderForm();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  Lobby  ' } });
    fireEvent.change(within(dialog).getByLabelText('Stream URL'), {
      target: { value: 'rtsp://cam.local/Streaming/Channels/101' },
    });
    await save();
    await waitFor(() => expect(posts()).toHaveLength(1));
    const [sent] = posts();
    expect(sent?.url).toBe('/api/video/cameras');
    expect(sent?.body).toMatchObject({
      name: 'Lobby',
      location: '',
      stream_url: 'rtsp://cam.local/Streaming/Channels/101',
      access_point_id: null,
      retention_hours: 72,
      motion_sensitivity: 60,
    });
  });
});
