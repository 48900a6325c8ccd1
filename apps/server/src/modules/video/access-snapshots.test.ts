import { spawnSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import { makeAccessArea, makeAccessPoint } from '../../../test/factories';
import { useSuite } from '../../../test/suite';
import { inspectMedia } from '../../../test/video';
import { ffmpegBinary } from '../../video/ffmpeg-binary';

/**
 * An access event at a door a camera watches keeps the camera's picture of that moment: the
 * frame the supervisor refreshes (here written by the test, as the supervisor would), copied
 * and served to administrators only.
 */
describe('access event snapshots', () => {
  const suite = useSuite({ video: true });
  let root: string;
  let admin: { authorization: string };
  let staff: { authorization: string };
  let cameraId: number;
  let frame: Buffer;

  const passage = async (point: string) => {
    const res = await suite.app.inject({
      method: 'POST',
      url: '/api/access/simulate',
      headers: admin,
      payload: { action: 'entry', access_point: point, device_id: 'HK-101' },
    });
    expect(res.statusCode).toBe(200);
    return res.json().log.id as number;
  };

  const stored = (eventId: number) =>
    suite.db
      .selectFrom('access_event_snapshots')
      .selectAll()
      .where('access_event_id', '=', eventId)
      .executeTakeFirst();

  beforeAll(async () => {
    root = suite.videoRoot;
    admin = suite.admin.auth;
    staff = (await suite.signedIn()).auth;
    const area = await makeAccessArea(suite.db, { name: 'Lobby area' });
    const door = await makeAccessPoint(suite.db, { name: 'Front Door', area });
    await makeAccessPoint(suite.db, { name: 'Side Door', area });
    const res = await suite.app.inject({
      method: 'POST',
      url: '/api/video/cameras',
      headers: admin,
      payload: { name: 'Front', stream_url: 'rtsp://10.0.0.9/s', access_point_id: door.id },
    });
    cameraId = res.json().camera.id;
    // A real JPEG as the supervisor makes them (a scaled frame of a test picture).
    const jpeg = path.join(root, 'frame.jpg');
    const made = spawnSync(ffmpegBinary().path, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=s=480x270:r=1',
      '-frames:v',
      '1',
      '-y',
      jpeg,
    ]);
    expect(made.status).toBe(0);
    frame = await readFile(jpeg);
  });

  it('keeps the frame the camera makes as the event arrives, a valid JPEG for administrators only', async () => {
    const eventId = await passage('Front Door');
    // The supervisor's next refresh of the camera's latest frame.
    await mkdir(path.join(root, String(cameraId)), { recursive: true });
    await writeFile(path.join(root, String(cameraId), 'snapshot.jpg'), frame);
    const row = await eventually(() => stored(eventId), 8000, 'the access snapshot');
    expect(row.camera_id).toBe(cameraId);
    expect(row.path).toMatch(new RegExp(`^${cameraId}/access/\\d{4}-\\d{2}/${eventId}\\.jpg$`));

    const url = `/api/video/access-events/${eventId}/snapshot`;
    const res = await suite.app.inject({ method: 'GET', url, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const body = res.rawPayload;
    expect(body.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(body.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    const copy = path.join(root, 'served.jpg');
    await writeFile(copy, body);
    const media = await inspectMedia(copy);
    expect(media.ok).toBe(true);
    expect(media.video).toMatch(/mjpeg.*480x270/);

    expect((await suite.app.inject({ method: 'GET', url, headers: staff })).statusCode).toBe(403);
    expect((await suite.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    // The camera's signed media token opens it, as it opens the camera's other media.
    const token = (
      await suite.app.inject({ method: 'GET', url: '/api/video/cameras', headers: admin })
    ).json().cameras[0].media_token as string;
    expect((await suite.app.inject({ method: 'GET', url: `${url}?t=${token}` })).statusCode).toBe(200);
  });

  it('has none for a door no camera watches, or a camera that shows no recent frame', async () => {
    const unwatched = await passage('Side Door');
    await rm(path.join(root, String(cameraId), 'snapshot.jpg'), { force: true });
    const dark = await passage('Front Door');
    await new Promise((resolve) => setTimeout(resolve, 5000));
    for (const id of [unwatched, dark]) {
      expect(await stored(id)).toBeUndefined();
      const res = await suite.app.inject({
        method: 'GET',
        url: `/api/video/access-events/${id}/snapshot`,
        headers: admin,
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('refuses paths that are not an event number', async () => {
    for (const event of ['..%2F..%2Fetc%2Fpasswd', '1.jpg', '-1', '0x10']) {
      const res = await suite.app.inject({
        method: 'GET',
        url: `/api/video/access-events/${event}/snapshot`,
        headers: admin,
      });
      expect(res.statusCode, event).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, event).toBeLessThan(500);
      expect(res.statusCode, event).not.toBe(200);
    }
  });
});
