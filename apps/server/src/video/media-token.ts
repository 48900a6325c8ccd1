import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, short-lived tokens for one camera's media (live playlist and segments, snapshots,
 * recordings, event pictures): `<expiry seconds>.<HMAC-SHA256 of "camera:<id>:<expiry>">`.
 * A <video> or <img> element cannot send a bearer header; the token rides in the URL instead,
 * is handed out only to callers allowed to see video, and is worth nothing for another camera
 * or after it expires.
 */
export class MediaTokens {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly ttlSeconds = 2 * 3600,
  ) {
    this.key = createHmac('sha256', secret).update('atrium video media').digest();
  }

  private mac(cameraId: number, expires: number): string {
    return createHmac('sha256', this.key).update(`camera:${cameraId}:${expires}`).digest('base64url');
  }

  issue(cameraId: number, now = Date.now()): string {
    // Rounded to the minute so a list fetched twice in a minute keeps the same URLs (image cache).
    const expires = Math.ceil((now / 1000 + this.ttlSeconds) / 60) * 60;
    return `${expires}.${this.mac(cameraId, expires)}`;
  }

  verify(cameraId: number, token: string | undefined, now = Date.now()): boolean {
    if (!token) return false;
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return false;
    const expires = Number(match[1]);
    if (expires * 1000 < now) return false;
    const expected = Buffer.from(this.mac(cameraId, expires));
    const given = Buffer.from(match[2] ?? '');
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
