import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/context';
import { eventually } from '../../test/eventually';
import { makeCamera } from '../../test/factories';
import { createUser, login } from '../../test/fixtures';
import { inspectMedia, startVideoApp } from '../../test/video';
import { EventBus } from '../core/events/bus';
import { VideoCameraStore } from '../modules/video/camera-store';
import { runningChildren } from './children';
import { CameraSimulator } from './simulator';
import { VideoSupervisor } from './supervisor';

/**
 * The supervisor against generated sources served over loopback HTTP, the way it reads the
 * demo cameras: a few seconds of 320x180 video at 10 fps, 2-second recording segments.
 */
describe('video supervisor', () => {
  let database: TestDatabase;
  let root: string;
  let simulator: CameraSimulator;
  let supervisor: VideoSupervisor;
  let api: Awaited<ReturnType<typeof startVideoApp>>;
  let auth: { authorization: string };
  let moving: number;
  let still: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    root = await mkdtemp(path.join(os.tmpdir(), 'atrium-video-test-'));
    simulator = new CameraSimulator();
    await simulator.listen();
    // The box moves for 3 s from the 10th second of every 30 s, then stays still.
    const movingUrl = simulator.start('moving', 'Moving', {
      kind: 'bursts',
      periodSeconds: 30,
      moveSeconds: 3,
      offsetSeconds: 20,
    });
    const stillUrl = simulator.start('still', 'Still', { kind: 'still' });
    // CAM-01 and CAM-02, as the camera editor numbers them.
    moving = (
      await makeCamera(database.db, { name: 'Moving', stream_url: movingUrl, motion_sensitivity: 60 })
    ).id;
    still = (await makeCamera(database.db, { name: 'Still', stream_url: stillUrl, motion_sensitivity: 60 }))
      .id;
    supervisor = new VideoSupervisor({
      store: new VideoCameraStore(database.db, new EventBus(database.db, database.url), root),
      videoRoot: root,
      minFreeBytes: 0,
      housekeepingMs: 1000,
      timing: { segmentSeconds: 2, staleAfterMs: 8000, backoffMs: 300, maxBackoffMs: 1000 },
    });
    await supervisor.start();
    api = await startVideoApp(database, { root, pipelines: supervisor });
    const admin = await createUser(database.db, 'admin');
    auth = (await login(api.app, admin)).auth;
  });

  afterAll(async () => {
    await supervisor?.stop();
    await simulator?.close();
    await api?.close();
    await database?.drop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  const status = async (id: number) =>
    (await database.db.selectFrom('cameras').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  it('turns cameras online once frames flow, and serves a live playlist whose segments decode', async () => {
    await eventually(
      async () => (await status(moving)) === 'online' && (await status(still)) === 'online',
      15_000,
      'online',
    );
    const list = await api.app.inject({ method: 'GET', url: '/api/video/cameras', headers: auth });
    const camera = list.json().cameras.find((c: { id: number }) => c.id === moving);
    const playlist = await eventually(
      async () => {
        const res = await api.app.inject({ method: 'GET', url: camera.live_url });
        return res.statusCode === 200 && res.body.includes('.ts?t=') ? res.body : undefined;
      },
      10_000,
      'the live playlist',
    );
    expect(playlist).toContain('#EXT-X-PROGRAM-DATE-TIME');
    const segmentUri = playlist.split('\n').find((line) => line.includes('.ts?t='));
    const base = camera.live_url.slice(0, camera.live_url.lastIndexOf('/') + 1);
    const segment = await api.app.inject({ method: 'GET', url: `${base}${segmentUri}` });
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    const file = path.join(root, 'segment-check.ts');
    await writeFile(file, segment.rawPayload);
    const media = await inspectMedia(file);
    expect(media.ok).toBe(true);
    expect(media.video).toContain('h264');
    expect(media.frames).toBeGreaterThan(0);
    // A segment without the token is refused.
    const bare = await api.app.inject({ method: 'GET', url: `${base}${segmentUri?.split('?')[0]}` });
    expect(bare.statusCode).toBe(401);
  }, 40_000);

  it('indexes finished recording segments, plays them back with wall-clock times and cuts an MP4 clip', async () => {
    const segments = await eventually(
      async () => {
        await supervisor.housekeep();
        const rows = await database.db
          .selectFrom('recording_segments')
          .selectAll()
          .where('camera_id', '=', moving)
          .execute();
        return rows.length >= 2 ? rows : undefined;
      },
      15_000,
      'two recorded segments',
    );
    const first = segments[0];
    const last = segments.at(-1);
    if (!first || !last) throw new Error('no segments');
    expect(Number(first.bytes)).toBeGreaterThan(0);
    expect(first.ended_at.getTime()).toBeGreaterThan(first.started_at.getTime());
    const from = first.started_at.toISOString();
    const to = last.ended_at.toISOString();
    const playback = await api.app.inject({
      method: 'GET',
      url: `/api/video/cameras/${moving}/playback?from=${from}&to=${to}`,
      headers: auth,
    });
    expect(playback.statusCode).toBe(200);
    expect(playback.body).toContain(`#EXT-X-PROGRAM-DATE-TIME:${from}`);
    expect(playback.body).toContain('#EXT-X-ENDLIST');
    const clip = await api.app.inject({
      method: 'POST',
      url: `/api/video/cameras/${moving}/clips`,
      headers: auth,
      payload: { from, to },
    });
    expect(clip.statusCode).toBe(200);
    expect(clip.headers['content-type']).toBe('video/mp4');
    const file = path.join(root, 'clip-check.mp4');
    await writeFile(file, clip.rawPayload);
    const media = await inspectMedia(file);
    expect(media.ok).toBe(true);
    expect(media.video).toContain('h264');
    expect(media.frames).toBeGreaterThan(10);
  }, 30_000);

  it('makes one motion event, with a start, an end and a snapshot, of a moving box, and none of a still scene', async () => {
    const event = await eventually(
      async () =>
        database.db
          .selectFrom('video_events')
          .selectAll()
          .where('camera_id', '=', moving)
          .where('kind', '=', 'motion')
          .where('ended_at', 'is not', null)
          .executeTakeFirst(),
      45_000,
      'a finished motion event',
    );
    expect(event.ended_at!.getTime()).toBeGreaterThan(event.started_at.getTime());
    expect(event.snapshot_path).toMatch(/^\d+\/events\/\d+\.jpg$/);
    const motions = await database.db
      .selectFrom('video_events')
      .select(['camera_id', 'started_at'])
      .where('kind', '=', 'motion')
      .orderBy('started_at')
      .execute();
    // One event per crossing (they are 30 s apart; a crossing split in two would be seconds apart).
    const starts = motions.filter((m) => m.camera_id === moving).map((m) => m.started_at.getTime());
    expect(starts.length).toBeGreaterThanOrEqual(1);
    for (let i = 1; i < starts.length; i += 1) expect(starts[i]! - starts[i - 1]!).toBeGreaterThan(20_000);
    expect(motions.filter((m) => m.camera_id === still)).toHaveLength(0);
    const events = await api.app.inject({
      method: 'GET',
      url: `/api/video/events?camera_id=${moving}&kind=motion`,
      headers: auth,
    });
    const snapshotUrl = events.json().events[0].snapshot_url;
    const picture = await api.app.inject({ method: 'GET', url: snapshotUrl });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  }, 50_000);

  it('turns a camera whose source stops offline with an alert, and back online when it returns', async () => {
    const stoppedAt = new Date();
    await simulator.stop('still');
    await eventually(async () => (await status(still)) === 'offline', 15_000, 'offline');
    const alert = await database.db
      .selectFrom('alerts')
      .selectAll()
      .where('source', '=', 'video')
      .where('kind', '=', 'camera_offline')
      .where('camera_id', '=', still)
      .where('occurred_at', '>=', stoppedAt)
      .executeTakeFirstOrThrow();
    expect(alert.resolved_at).toBeNull();
    expect(alert.device_id).toBe('CAM-02');
    // Words for people; no address or ffmpeg line (those are in the camera's offline event).
    expect(alert.message).toMatch(/^Camera .+ is offline: [a-z][^:/]+\.$/);
    simulator.start('still', 'Still', { kind: 'still' });
    await eventually(async () => (await status(still)) === 'online', 20_000, 'back online');
    const resolved = await database.db
      .selectFrom('alerts')
      .select('resolved_at')
      .where('id', '=', alert.id)
      .executeTakeFirstOrThrow();
    expect(resolved.resolved_at).not.toBeNull();
    const kinds = await database.db
      .selectFrom('video_events')
      .select('kind')
      .where('camera_id', '=', still)
      .where('kind', 'in', ['online', 'offline'])
      .where('started_at', '>=', stoppedAt)
      .orderBy('id')
      .execute();
    expect(kinds.map((k) => k.kind)).toEqual(['offline', 'online']);
    const stats = await api.app.inject({ method: 'GET', url: '/api/video/stats', headers: auth });
    expect(stats.json().stats.active_cameras).toBe(2);
    expect(stats.json().stats.uptime_percent).toBeGreaterThan(0);
    expect(stats.json().stats.uptime_percent).toBeLessThan(100);
  }, 50_000);

  it('leaves no ffmpeg running after stop', async () => {
    await supervisor.stop();
    await simulator.close();
    expect(runningChildren()).toBe(0);
    const ours = execFileSync('ps', ['-eo', 'args'])
      .toString()
      .split('\n')
      .filter((line) => line.includes(root));
    expect(ours).toEqual([]);
  });
});
