import { describe, expect, it } from 'vitest';
import { hideCredentials, keepCredentials } from '../modules/video/stream-url';
import { computeUptime } from '../modules/video/uptime';
import { JpegFrames } from './jpeg-frames';
import { MediaTokens } from './media-token';
import { MotionDetector } from './motion';
import { playbackPlaylist, signLivePlaylist } from './playlists';
import { parseStreamInfo } from './probe';
import { objectMoving } from './scene';

describe('motion detector', () => {
  const feed = (levels: number[]) => {
    const detector = new MotionDetector({ sensitivity: 60 });
    const t0 = Date.UTC(2026, 0, 1);
    return levels
      .map((level, i) => detector.sample(level, new Date(t0 + i * 500)))
      .filter((change) => change !== undefined)
      .map((change) => change.kind);
  };

  it('gives nothing for a still scene with a ticking clock', () => {
    expect(feed([0, 0.05, 0, 0.4, 0, 0.06, 0, 0.3, 0, 0])).toEqual([]);
  });

  it('gives one start and one end for one movement, a brief dip included', () => {
    expect(feed([0, 3.5, 4.2, 3.8, 0.2, 4, 4.4, 0, 0, 0, 0, 0, 0, 0])).toEqual(['start', 'end']);
  });

  it('ignores a single flicker', () => {
    expect(feed([0, 5, 0, 0, 5, 0, 0])).toEqual([]);
  });
});

describe('simulated picture', () => {
  it('says the box moves exactly in the bursts it draws (what the simulated camera alarm pushes)', () => {
    const bursts = { kind: 'bursts' as const, periodSeconds: 180, moveSeconds: 6, offsetSeconds: 100 };
    expect(objectMoving(bursts, 79.9)).toBe(false);
    expect(objectMoving(bursts, 80)).toBe(true);
    expect(objectMoving(bursts, 85.9)).toBe(true);
    expect(objectMoving(bursts, 86)).toBe(false);
    expect(objectMoving(bursts, 260.5)).toBe(true);
    expect(objectMoving({ kind: 'still' }, 5)).toBe(false);
  });
});

describe('uptime', () => {
  const from = new Date('2026-01-01T00:00:00Z');
  const now = new Date('2026-01-02T00:00:00Z');
  it('weighs time online against time seen, from the window start or first sighting', () => {
    const changes = [
      { camera_id: 1, kind: 'online', started_at: new Date('2025-12-31T00:00:00Z') },
      { camera_id: 1, kind: 'offline', started_at: new Date('2026-01-01T18:00:00Z') },
      { camera_id: 2, kind: 'online', started_at: new Date('2026-01-01T12:00:00Z') },
    ];
    // Camera 1: 18 of 24 h; camera 2: 12 of 12 h -> 30 of 36 h.
    expect(computeUptime(changes, from, now)).toBe(83.3);
    expect(computeUptime([], from, now)).toBe(0);
  });
});

describe('stream URLs', () => {
  it('hides a password and puts it back when the hidden form returns', () => {
    const stored = 'rtsp://admin:p%40ss@cam.local:554/Streaming/Channels/101';
    const shown = hideCredentials(stored);
    expect(shown).toBe('rtsp://admin:****@cam.local:554/Streaming/Channels/101');
    expect(keepCredentials(shown, stored)).toBe(stored);
    expect(keepCredentials('rtsp://admin:new@cam.local/x', stored)).toBe('rtsp://admin:new@cam.local/x');
    expect(hideCredentials('http://cam.local/video.ts')).toBe('http://cam.local/video.ts');
  });
});

describe('media tokens', () => {
  const tokens = new MediaTokens('secret', 60);
  const session = '0f8e6a1c-2b3d-4e5f-8a9b-0c1d2e3f4a5b';
  it('open one camera for the session they were issued to, until they expire', () => {
    const now = Date.UTC(2026, 0, 1);
    const token = tokens.issue(3, session, now);
    expect(tokens.verify(3, token, now)).toBe(session);
    expect(tokens.verify(4, token, now)).toBeUndefined();
    expect(tokens.verify(3, token, now + 3 * 60_000)).toBeUndefined();
    const [expires, , mac] = token.split('.');
    expect(tokens.verify(3, `${expires}.${session}.${'x'.repeat(43)}`, now)).toBeUndefined();
    // Another session's id in a token does not carry its signature over.
    expect(tokens.verify(3, `${expires}.1f8e6a1c-2b3d-4e5f-8a9b-0c1d2e3f4a5b.${mac}`, now)).toBeUndefined();
    expect(new MediaTokens('other', 60).verify(3, token, now)).toBeUndefined();
  });
});

describe('playlists', () => {
  it('signs live segment URIs and stamps recorded segments with wall-clock time', () => {
    expect(signLivePlaylist('#EXTM3U\n#EXTINF:1.0,\nseg-17.ts\n', 'T.x')).toBe(
      '#EXTM3U\n#EXTINF:1.0,\nseg-17.ts?t=T.x\n',
    );
    const at = (s: string) => new Date(`2026-01-01T10:${s}Z`);
    const text = playbackPlaylist(
      [
        { id: 1, started_at: at('00:00'), ended_at: at('01:00') },
        { id: 2, started_at: at('01:00'), ended_at: at('02:00') },
        { id: 3, started_at: at('05:00'), ended_at: at('06:00') },
      ],
      (s) => `/seg/${s.id}`,
      at('00:30'),
    );
    expect(text).toContain('#EXT-X-START:TIME-OFFSET=30.000');
    expect(text).toContain('#EXT-X-PROGRAM-DATE-TIME:2026-01-01T10:01:00.000Z');
    expect(text.match(/#EXT-X-DISCONTINUITY/g)).toHaveLength(1);
    expect(text.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
  });
});

describe('ffmpeg output', () => {
  it('reads codec, size and rate from a stream line', () => {
    const info = parseStreamInfo(
      '    Stream #0:0[0x100]: Video: h264 (Constrained Baseline) ([27][0][0][0] / 0x001B), yuv420p(progressive), 320x180 [SAR 1:1 DAR 16:9], 10 fps, 10 tbr, 90k tbn, 20 tbc',
    );
    expect(info).toEqual({ codec: 'h264', width: 320, height: 180, fps: 10 });
  });

  it('splits an MJPEG stream into whole pictures across chunk boundaries', () => {
    const got: number[] = [];
    const frames = new JpegFrames((jpeg) => got.push(jpeg.length));
    const jpeg = Buffer.from([0xff, 0xd8, 1, 2, 3, 0xff, 0xd9]);
    const stream = Buffer.concat([jpeg, jpeg]);
    frames.push(stream.subarray(0, 4));
    frames.push(stream.subarray(4, 10));
    frames.push(stream.subarray(10));
    expect(got).toEqual([7, 7]);
  });
});
