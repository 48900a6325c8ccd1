import { createHmac, timingSafeEqual } from 'node:crypto';

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Signed, short-lived tokens for one camera's media (live playlist and segments, snapshots,
 * recordings, event pictures): `<expiry seconds>.<session id>.<HMAC-SHA256 of
 * "camera:<id>:<session>:<expiry>">`. A <video> or <img> element cannot send a bearer header; the
 * token rides in the URL instead, is handed out only to callers allowed to see video, and is
 * worth nothing for another camera or after it expires. It names the session that asked for it:
 * whoever checks it also checks that session is still live, so signing out ends the links too
 * (issue 33: they used to work for their whole two hours).
 */
export class MediaTokens {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly ttlSeconds = 2 * 3600,
  ) {
    this.key = createHmac('sha256', secret).update('atrium video media').digest();
  }

  private mac(cameraId: number, sessionId: string, expires: number): string {
    return createHmac('sha256', this.key)
      .update(`camera:${cameraId}:${sessionId}:${expires}`)
      .digest('base64url');
  }

  issue(cameraId: number, sessionId: string, now = Date.now()): string {
    // Rounded to the minute so a list fetched twice in a minute keeps the same URLs (image cache).
    const expires = Math.ceil((now / 1000 + this.ttlSeconds) / 60) * 60;
    return `${expires}.${sessionId}.${this.mac(cameraId, sessionId, expires)}`;
  }

  /** The session a valid, unexpired token of this camera was issued to; undefined for any other. */
  verify(cameraId: number, token: string | undefined, now = Date.now()): string | undefined {
    if (!token) return undefined;
    const match = /^(\d{1,12})\.([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return undefined;
    const expires = Number(match[1]);
    const sessionId = match[2] ?? '';
    if (expires * 1000 < now || !SESSION_ID.test(sessionId)) return undefined;
    const expected = Buffer.from(this.mac(cameraId, sessionId, expires));
    const given = Buffer.from(match[3] ?? '');
    return expected.length === given.length && timingSafeEqual(expected, given) ? sessionId : undefined;
  }
}
