import { describe, expect, it } from 'vitest';
import { type LoggedIn, refreshCookieOf } from '../../../test/fixtures';
import { type Session, useSuite } from '../../../test/suite';
import { REFRESH_GRACE_SECONDS } from './auth.service';

// Session lifetimes are measured on the organisation's clock: the test moves it, nobody sleeps.
const suite = useSuite({
  now: '2026-03-02T09:00:00Z',
  config: { accessTokenTtlSeconds: 900, sessionMaxAgeSeconds: 12 * 3600 },
});

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

const as = (token: string): LoggedIn => ({
  token,
  refreshCookie: '',
  auth: { authorization: `Bearer ${token}` },
});
const me = (token: string) => suite.http.get('/api/auth/me', as(token));
const refresh = (cookie: string) =>
  suite.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie } });
const sessionOf = (s: Session) =>
  suite.db
    .selectFrom('sessions')
    .select(['revoked_at', 'revoked_reason'])
    .where('user_id', '=', s.user.id)
    .executeTakeFirstOrThrow();

describe('session lifetimes on the organisation clock', () => {
  it('an access token stops working when its 15 minutes pass, and the refresh cookie renews it', async () => {
    const s = await suite.signedIn();
    suite.clock.advance(15 * MINUTE - SECOND);
    expect((await me(s.token)).statusCode).toBe(200);
    suite.clock.advance(2 * SECOND);
    expect((await me(s.token)).statusCode).toBe(401);

    const renewed = await refresh(s.refreshCookie);
    expect(renewed.statusCode).toBe(200);
    expect((await me(renewed.json().token)).statusCode).toBe(200);
  });

  it('a session ends 12 hours after it began, whatever its tokens say', async () => {
    const s = await suite.signedIn();
    suite.clock.advance(12 * HOUR - 10 * MINUTE);
    const late = await refresh(s.refreshCookie);
    expect(late.statusCode).toBe(200);
    const token = late.json().token as string;
    expect((await me(token)).statusCode).toBe(200);

    // The token has five minutes left, the session none.
    suite.clock.advance(10 * MINUTE);
    expect((await me(token)).statusCode).toBe(401);
    const ended = await refresh(refreshCookieOf(late.headers['set-cookie']));
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error.message).toBe('Your session has ended. Please sign in again.');
    expect((await suite.http.post('/api/auth/refresh', as(token))).statusCode).toBe(401);
  });

  it('a rotated refresh token presented again within the grace period answers the same successor', async () => {
    const s = await suite.signedIn();
    const first = await refresh(s.refreshCookie);
    suite.clock.advance((REFRESH_GRACE_SECONDS - 1) * SECOND);
    const again = await refresh(s.refreshCookie);
    expect(again.statusCode).toBe(200);
    expect(refreshCookieOf(again.headers['set-cookie'])).toBe(refreshCookieOf(first.headers['set-cookie']));
    expect((await sessionOf(s)).revoked_at).toBeNull();
  });

  it('presented after the grace period it counts as theft and ends the whole session', async () => {
    const s = await suite.signedIn();
    const first = await refresh(s.refreshCookie);
    const newToken = first.json().token as string;
    suite.clock.advance((REFRESH_GRACE_SECONDS + 1) * SECOND);

    expect((await refresh(s.refreshCookie)).statusCode).toBe(401);
    expect(await sessionOf(s)).toEqual({ revoked_at: suite.clock.now(), revoked_reason: 'refresh_reuse' });
    // The legitimate holder's newer tokens died with the session.
    expect((await refresh(refreshCookieOf(first.headers['set-cookie']))).statusCode).toBe(401);
    expect((await me(newToken)).statusCode).toBe(401);
  });
});
