import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { videoApi } from '@atrium/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeRecordingSegment, makeVideoEvents } from '../../../test/factories';
import { useSuite } from '../../../test/suite';
import { VideoCameraStore } from './camera-store';

/** The video API without running pipelines: authorization, validation, retention, figures. */
describe('video API', () => {
  const suite = useSuite({ video: true });
  let root: string;
  let admin: { authorization: string };
  let staff: { authorization: string };
  let cameraId: number;

  beforeAll(async () => {
    root = suite.videoRoot;
    admin = suite.admin.auth;
    staff = (await suite.signedIn()).auth;
    const res = await suite.app.inject({
      method: 'POST',
      url: '/api/video/cameras',
      headers: admin,
      payload: {
        name: 'Lobby',
        location: 'Ground floor',
        stream_url: 'rtsp://viewer:s3cret@10.0.0.5:554/stream1',
      },
    });
    // Created, like every other create.
    expect(res.statusCode).toBe(201);
    cameraId = res.json().camera.id;
  });

  it('never sends a stream password back, and keeps it when the hidden form is sent back', async () => {
    const list = await suite.app.inject({ method: 'GET', url: '/api/video/cameras', headers: admin });
    const camera = list.json().cameras[0];
    expect(camera.stream_url).toBe('rtsp://viewer:****@10.0.0.5:554/stream1');
    expect(list.body).not.toContain('s3cret');
    expect(camera.code).toBe('CAM-01');
    const res = await suite.app.inject({
      method: 'PUT',
      url: `/api/video/cameras/${cameraId}`,
      headers: admin,
      payload: { name: 'Lobby East', location: 'Ground floor', stream_url: camera.stream_url },
    });
    expect(res.statusCode).toBe(200);
    const stored = await suite.db
      .selectFrom('cameras')
      .select('stream_url')
      .where('id', '=', cameraId)
      .executeTakeFirstOrThrow();
    expect(stored.stream_url).toBe('rtsp://viewer:s3cret@10.0.0.5:554/stream1');
    const audit = await suite.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'camera')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['camera.created', 'camera.updated']);
  });

  it('refuses bad camera input with a 400 naming the field', async () => {
    const cases = [
      { payload: { name: '', stream_url: 'rtsp://h/s' }, field: 'name' },
      { payload: { name: 'X', stream_url: 'file:///etc/passwd' }, field: 'stream_url' },
      { payload: { name: 'X', stream_url: 'concat:a|b' }, field: 'stream_url' },
      {
        payload: { name: 'X', stream_url: 'rtsp://h/s', motion_sensitivity: 0 },
        field: 'motion_sensitivity',
      },
      { payload: { name: 'X', stream_url: 'rtsp://h/s', access_point_id: 999999 }, field: 'access_point_id' },
      { payload: { name: 'X\u0000', stream_url: 'rtsp://h/s' }, field: 'name' },
    ];
    for (const c of cases) {
      const res = await suite.app.inject({
        method: 'POST',
        url: '/api/video/cameras',
        headers: admin,
        payload: c.payload,
      });
      expect(res.statusCode, JSON.stringify(c.payload)).toBe(400);
      // The standard list every endpoint answers, not an object of fields.
      expect(res.json().error.details, JSON.stringify(c.payload)).toEqual([
        expect.objectContaining({ field: c.field, rule: expect.any(String), message: expect.any(String) }),
      ]);
    }
    const dup = await suite.app.inject({
      method: 'POST',
      url: '/api/video/cameras',
      headers: admin,
      payload: { name: 'lobby east', stream_url: 'rtsp://h/s' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.details).toEqual([
      { field: 'name', rule: 'unique', message: 'A camera with this name already exists' },
    ]);
  });

  it('answers 403 to staff on every video endpoint, media included, and 401 without any token', async () => {
    const token = (
      await suite.app.inject({ method: 'GET', url: '/api/video/cameras', headers: admin })
    ).json().cameras[0].media_token as string;
    const calls: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }[] = [
      { method: 'GET', url: '/api/video/cameras' },
      { method: 'POST', url: '/api/video/cameras', payload: { name: 'S', stream_url: 'rtsp://h/s' } },
      {
        method: 'PUT',
        url: `/api/video/cameras/${cameraId}`,
        payload: { name: 'S', stream_url: 'rtsp://h/s' },
      },
      { method: 'DELETE', url: `/api/video/cameras/${cameraId}` },
      { method: 'POST', url: '/api/video/cameras/test-connection', payload: { camera_id: cameraId } },
      { method: 'GET', url: '/api/video/stats' },
      { method: 'GET', url: '/api/video/events' },
      {
        method: 'GET',
        url: `/api/video/cameras/${cameraId}/timeline?from=2026-01-01T00:00:00Z&to=2026-01-01T01:00:00Z`,
      },
      {
        method: 'POST',
        url: `/api/video/cameras/${cameraId}/clips`,
        payload: { from: '2026-01-01T00:00:00Z', to: '2026-01-01T00:01:00Z' },
      },
      { method: 'GET', url: `/api/video/media/${cameraId}/live/index.m3u8` },
      { method: 'GET', url: `/api/video/media/${cameraId}/snapshot.jpg` },
      {
        method: 'GET',
        url: `/api/video/cameras/${cameraId}/playback?from=2026-01-01T00:00:00Z&to=2026-01-01T01:00:00Z`,
      },
      { method: 'GET', url: `/api/video/media/${cameraId}/recordings/1` },
      { method: 'GET', url: `/api/video/media/${cameraId}/events/1` },
      { method: 'POST', url: `/api/video/cameras/${cameraId}/push-secret` },
      { method: 'GET', url: '/api/video/access-events/1/snapshot' },
    ];
    // Every endpoint the contract declares for video is in the list above, but the cameras' own
    // push, which the camera's secret authenticates (camera-push.test.ts).
    const forPeople = Object.values(videoApi).filter((e) => e.audience !== 'public');
    expect(calls).toHaveLength(forPeople.length);
    for (const call of calls) {
      const asStaff = await suite.app.inject({ ...call, headers: staff });
      expect(asStaff.statusCode, `${call.method} ${call.url} as staff`).toBe(403);
      const anonymous = await suite.app.inject({ ...call });
      expect(anonymous.statusCode, `${call.method} ${call.url} anonymous`).toBe(401);
    }
    // A signed token opens only its own camera's media, and only while it is valid.
    const other = await suite.app.inject({
      method: 'GET',
      url: `/api/video/media/${cameraId + 1}/snapshot.jpg?t=${token}`,
    });
    expect(other.statusCode).toBe(401);
    const forged = await suite.app.inject({
      method: 'GET',
      url: `/api/video/media/${cameraId}/snapshot.jpg?t=9999999999.${'A'.repeat(43)}`,
    });
    expect(forged.statusCode).toBe(401);
  });

  it('stops a signed link when the session that got it signs out, or loses the right to video', async () => {
    const snapshot = path.join(root, String(cameraId), 'snapshot.jpg');
    await mkdir(path.dirname(snapshot), { recursive: true });
    await writeFile(snapshot, 'jpeg');
    const viewer = await suite.signedIn({ role: 'admin' });
    const tokenOf = async (as: { authorization: string }) =>
      (await suite.app.inject({ method: 'GET', url: '/api/video/cameras', headers: as })).json().cameras[0]
        .media_token as string;
    const open = (token: string) =>
      suite.app.inject({ method: 'GET', url: `/api/video/media/${cameraId}/snapshot.jpg?t=${token}` });
    const token = await tokenOf(viewer.auth);
    expect((await open(token)).statusCode).toBe(200);
    // Asked twice: the second answer may come from what this process keeps, and still must be right.
    expect((await open(token)).statusCode).toBe(200);
    expect((await suite.http.post('/api/auth/logout', viewer)).statusCode).toBe(200);
    expect((await open(token)).statusCode).toBe(401);

    // A demoted person's links stop with the change of role, before their session ends.
    const demoted = await suite.signedIn({ role: 'admin' });
    const theirs = await tokenOf(demoted.auth);
    expect((await open(theirs)).statusCode).toBe(200);
    const change = await suite.http.patch(`/api/users/${demoted.user.id}`, suite.admin, { role: 'staff' });
    expect(change.statusCode).toBe(200);
    expect((await open(theirs)).statusCode).toBe(401);
    // Another's link is no key to a live session: the token names the session it was issued to.
    expect((await open(token.replace(/\.[0-9a-f-]{36}\./, `.${suite.admin.user.id}`))).statusCode).toBe(401);
  });

  it('refuses paths that climb out of the camera folder', async () => {
    const token = (
      await suite.app.inject({ method: 'GET', url: '/api/video/cameras', headers: admin })
    ).json().cameras[0].media_token;
    for (const file of ['..%2F..%2Fetc%2Fpasswd', '..%2Fsnapshot.jpg', '%2E%2E.ts', 'a%00.ts']) {
      const res = await suite.app.inject({
        method: 'GET',
        url: `/api/video/media/${cameraId}/live/${file}?t=${token}`,
      });
      expect([400, 404], file).toContain(res.statusCode);
      expect(res.body).not.toContain('root:');
    }
  });

  it('pages events by keyset and computes motion today, active cameras and uptime', async () => {
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
    await makeVideoEvents(suite.db, { id: cameraId }, [
      { kind: 'online', source: 'supervisor', started_at: at(600) },
      { kind: 'offline', source: 'supervisor', started_at: at(300) },
      { kind: 'online', source: 'supervisor', started_at: at(150) },
      { kind: 'motion', source: 'detector', started_at: at(2), ended_at: at(1) },
      { kind: 'motion', source: 'camera', started_at: at(1) },
    ]);
    await suite.db.updateTable('cameras').set({ status: 'online' }).where('id', '=', cameraId).execute();
    const stats = (await suite.app.inject({ method: 'GET', url: '/api/video/stats', headers: admin })).json()
      .stats;
    expect(stats.active_cameras).toBe(1);
    // Seen for 600 minutes, offline for 150 of them.
    expect(stats.uptime_percent).toBe(75);
    expect(stats.motion_events_today).toBeGreaterThanOrEqual(1);
    const first = (
      await suite.app.inject({ method: 'GET', url: '/api/video/events?limit=2', headers: admin })
    ).json();
    expect(first.events.map((e: { kind: string }) => e.kind)).toEqual(['motion', 'motion']);
    const second = (
      await suite.app.inject({
        method: 'GET',
        url: `/api/video/events?limit=2&cursor=${first.next_cursor}`,
        headers: admin,
      })
    ).json();
    expect(second.events.map((e: { kind: string }) => e.kind)).toEqual(['online', 'offline']);
    const bad = await suite.app.inject({
      method: 'GET',
      url: '/api/video/events?cursor=1%3B%20drop',
      headers: admin,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('deletes recordings beyond their age, then beyond the size cap, oldest first', async () => {
    const dir = path.join(root, String(cameraId), 'rec');
    await mkdir(dir, { recursive: true });
    const now = new Date();
    const files: string[] = [];
    // Five one-minute segments of 4 MB, ending 50, 40, 30, 20 and 10 hours ago... and now.
    for (const hoursAgo of [50, 3, 2, 1, 0]) {
      const start = new Date(now.getTime() - hoursAgo * 3600_000 - 60_000);
      const name = `${start.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z.ts`;
      await writeFile(path.join(dir, name), Buffer.alloc(4 * 1024 * 1024));
      files.push(name);
      await makeRecordingSegment(
        suite.db,
        { id: cameraId },
        {
          startedAt: start,
          endedAt: new Date(start.getTime() + 60_000),
          path: `${cameraId}/rec/${name}`,
          bytes: 4 * 1024 * 1024,
        },
      );
    }
    // 24 hours and 10 MB: the 50-hour-old one goes for its age, then the two oldest of the rest for size.
    const store = new VideoCameraStore(suite.db, suite.bus, root);
    const deleted = await store.applyRetention(
      { id: cameraId, retention_hours: 24, retention_max_mb: 10 },
      now,
    );
    expect(deleted).toBe(3);
    const left = await suite.db
      .selectFrom('recording_segments')
      .select('path')
      .where('camera_id', '=', cameraId)
      .orderBy('started_at')
      .execute();
    expect(left.map((r) => r.path)).toEqual([`${cameraId}/rec/${files[3]}`, `${cameraId}/rec/${files[4]}`]);
    expect(files.map((f) => existsSync(path.join(dir, f)))).toEqual([false, false, false, true, true]);
  });

  it('deletes a camera with its recordings and events', async () => {
    const res = await suite.app.inject({
      method: 'DELETE',
      url: `/api/video/cameras/${cameraId}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const left = await suite.db.selectFrom('recording_segments').select('id').execute();
    expect(left).toHaveLength(0);
    const again = await suite.app.inject({
      method: 'DELETE',
      url: `/api/video/cameras/${cameraId}`,
      headers: admin,
    });
    expect(again.statusCode).toBe(404);
  });
});
