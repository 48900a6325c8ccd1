import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import { useSuite } from '../../../test/suite';

/**
 * A camera pushing its own motion (ISAPI VMD) over real HTTP, as a Hikvision camera configured
 * with Atrium as its alarm host does: active, active again while motion lasts, inactive.
 */

const vmd = (state: 'active' | 'inactive', extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<EventNotificationAlert version="2.0" xmlns="http://www.isapi.org/ver20/XMLSchema">
  <ipAddress>10.1.4.21</ipAddress><portNo>80</portNo><protocol>HTTP</protocol>
  <macAddress>44:19:b6:aa:bb:cc</macAddress><channelID>1</channelID>
  <dateTime>2026-11-20T10:15:00+01:00</dateTime><activePostCount>1</activePostCount>
  <eventType>VMD</eventType><eventState>${state}</eventState>
  <eventDescription>Motion alarm</eventDescription>${extra}
</EventNotificationAlert>`;

describe('camera push (ISAPI VMD)', () => {
  const s = useSuite();
  let base: string;
  let pushUrl: string;
  let cameraId: number;

  const push = (url: string, body: string | Buffer, type = 'application/xml; charset="UTF-8"') =>
    fetch(url, { method: 'POST', headers: { 'content-type': type }, body });

  const motion = () =>
    s.db
      .selectFrom('video_events')
      .selectAll()
      .where('camera_id', '=', cameraId)
      .where('kind', '=', 'motion')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const address = s.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const created = await s.http.post('/api/video/cameras', s.admin, {
      name: 'Dock Camera',
      stream_url: 'rtsp://10.1.4.21/Streaming/Channels/101',
    });
    cameraId = created.json().camera.id;
    expect(created.json().camera.push_configured).toBe(false);
    const rotated = await s.app.inject({
      method: 'POST',
      url: `/api/video/cameras/${cameraId}/push-secret`,
      headers: { ...s.admin.auth, host: new URL(base).host },
    });
    expect(rotated.statusCode).toBe(200);
    pushUrl = rotated.json().pushUrl;
    expect(pushUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/video\/isapi\/[A-Za-z0-9_-]{43}$/);
  });

  it('active, active again, inactive: one motion event from the camera with a start and an end', async () => {
    const first = await push(pushUrl, vmd('active'));
    expect(first.status).toBe(200);
    const opened = (await first.json()) as { event_id: number };
    expect(opened).toMatchObject({ statusCode: 1, statusString: 'OK', result: 'opened' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const again = await push(pushUrl, vmd('active'));
    expect(await again.json()).toMatchObject({ result: 'extended', event_id: opened.event_id });
    const open = await motion();
    expect(open).toHaveLength(1);
    expect(open[0]!.ended_at).toBeNull();

    const end = await push(pushUrl, vmd('inactive'));
    expect(await end.json()).toMatchObject({ result: 'closed', event_id: opened.event_id });
    const [event] = await motion();
    expect(event).toMatchObject({ source: 'camera', kind: 'motion' });
    expect(event!.ended_at!.getTime()).toBeGreaterThanOrEqual(event!.started_at.getTime() + 300);
    expect(event!.detail).toContain('Motion reported by the camera');
    expect(event!.detail).toContain('10.1.4.21');

    // The events list tells the camera's motion from the detector's.
    const list = await s.http.get(`/api/video/events?camera_id=${cameraId}&kind=motion`, s.admin);
    expect(list.json().events[0]).toMatchObject({ source: 'camera', kind: 'motion' });
    expect(list.json().events[0].ended_at).not.toBeNull();
    // A second inactive has nothing to close.
    expect(await (await push(pushUrl, vmd('inactive'))).json()).toMatchObject({ result: 'ignored' });
  });

  it('takes the multipart form with a picture, and line detection as motion', async () => {
    const boundary = 'MIME_boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="linedetection"\r\nContent-Type: application/xml\r\n\r\n` +
          vmd('active').replace('<eventType>VMD', '<eventType>linedetection') +
          `\r\n--${boundary}\r\nContent-Disposition: form-data; name="Picture"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await push(pushUrl, body, `multipart/form-data; boundary=${boundary}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ result: 'opened' });
    await push(pushUrl, vmd('inactive'));
    expect((await motion()).at(-1)!.detail).toContain('Line crossing');
  });

  it('ends the motion of a camera that falls silent without inactive at its last notice', async () => {
    const opened = (await (await push(pushUrl, vmd('active'))).json()) as { event_id: number };
    const last = (await motion()).at(-1)!;
    expect(last.ended_at).toBeNull();
    // 20 s later, with no word from the camera: the sweep ends it where the camera went quiet.
    s.clock.set(new Date(Date.now() + 20_000));
    const ended = await eventually(
      async () => (await motion()).find((e) => Number(e.id) === opened.event_id && e.ended_at !== null),
      8000,
      'the silent camera motion to end',
    );
    expect(ended.ended_at!.getTime()).toBe(last.last_signal_at!.getTime());
    s.clock.set(new Date());
  });

  it('heartbeats and other event types are answered 200 and store nothing', async () => {
    const before = (await motion()).length;
    const heartbeat = vmd('inactive').replace('<eventType>VMD', '<eventType>videoloss');
    expect(await (await push(pushUrl, heartbeat)).json()).toMatchObject({ result: 'heartbeat' });
    const tamper = vmd('active').replace('<eventType>VMD', '<eventType>shelteralarm');
    expect(await (await push(pushUrl, tamper)).json()).toMatchObject({ result: 'ignored' });
    expect(await motion()).toHaveLength(before);
  });

  it('an unknown camera is refused with 401; unreadable bodies with 400 naming the problem', async () => {
    const before = (await motion()).length;
    const unknown = await push(`${base}/api/video/isapi/${'A'.repeat(43)}`, vmd('active'));
    expect(unknown.status).toBe(401);
    const short = await push(`${base}/api/video/isapi/nope`, vmd('active'));
    expect(short.status).toBe(401);
    const bad = [
      '<EventNotificationAlert><eventType>VMD</eventType><eventState>active',
      '<Other><eventType>VMD</eventType></Other>',
      vmd('active').replace('<eventState>active', '<eventState>maybe'),
      vmd('active').replace('2026-11-20T10:15:00+01:00', 'yesterday'),
      vmd('active').replace('<channelID>1', '<channelID>one'),
      '',
    ];
    for (const body of bad) {
      const res = await push(pushUrl, body);
      expect(res.status, body).toBe(400);
      const error = (await res.json()) as { error: { details: unknown[] } };
      expect(error.error.details[0]).toMatchObject({ field: 'body', rule: 'format' });
    }
    const json = await push(pushUrl, '{"eventType": "VMD", "eventState": 7', 'application/json');
    expect(json.status).toBe(400);
    expect(await motion()).toHaveLength(before);
    // An unpaired surrogate is mended (U+FFFD), not refused: the camera would send it again for ever.
    const mended = await push(pushUrl, vmd('inactive', '<channelName>Dock &#xD800;</channelName>'));
    expect(mended.status).toBe(200);
  });

  it('a rotated secret stops the old URL; staff cannot make one', async () => {
    const staff = await s.signedIn({ role: 'staff' });
    expect((await s.http.post(`/api/video/cameras/${cameraId}/push-secret`, staff)).statusCode).toBe(403);
    const rotated = await s.http.post(`/api/video/cameras/${cameraId}/push-secret`, s.admin);
    const fresh = rotated.json().pushUrl as string;
    expect((await push(pushUrl, vmd('inactive'))).status).toBe(401);
    const path = new URL(fresh).pathname;
    expect((await push(`${base}${path}`, vmd('inactive'))).status).toBe(200);
    const list = await s.http.get('/api/video/cameras', s.admin);
    expect(list.json().cameras[0].push_configured).toBe(true);
    // A deleted camera's URL is refused at once, not a server error on its missing row.
    expect((await push(`${base}${path}`, vmd('active'))).status).toBe(200);
    expect((await s.http.del(`/api/video/cameras/${cameraId}`, s.admin)).statusCode).toBe(200);
    expect((await push(`${base}${path}`, vmd('active'))).status).toBe(401);
  });
});
