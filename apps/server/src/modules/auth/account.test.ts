import { describe, expect, it } from 'vitest';
import { recordEvents } from '../../../test/events';
import { makeUser, type TestUser } from '../../../test/factories';
import { type LoggedIn, login, refreshCookieOf } from '../../../test/fixtures';
import { useSuite } from '../../../test/suite';
import { FREE_ACCOUNT_FAILURES } from './throttle';

const suite = useSuite();

const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const sidOf = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;

/** Signs in as a browser would, with its user agent, answering the session and its refresh cookie. */
async function signInWith(user: TestUser, userAgent: string, password = user.password): Promise<LoggedIn> {
  const res = await suite.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password },
    headers: { 'user-agent': userAgent },
    remoteAddress: '10.20.0.1',
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().token as string;
  return {
    token,
    refreshCookie: refreshCookieOf(res.headers['set-cookie']),
    auth: { authorization: `Bearer ${token}` },
  };
}

const changePassword = (as: LoggedIn, body: object) => suite.http.post('/api/auth/change-password', as, body);

const auditOf = (userId: number, action: string) =>
  suite.db
    .selectFrom('audit_log')
    .select(['action', 'actor_user_id', 'target_type', 'target_id', 'ip'])
    .where('actor_user_id', '=', userId)
    .where('action', '=', action)
    .execute();

const fieldOf = (res: { json(): unknown }) =>
  (res.json() as { error: { details: { field: string; rule: string }[] } }).error.details[0];

describe('GET /api/auth/profile', () => {
  it("answers the caller's own details, staff and admin alike", async () => {
    const staff = await suite.signedIn({
      department: 'Profile Team',
      firstName: 'Robin',
      startDate: '2024-03-18',
    });
    const res = await suite.http.get('/api/auth/profile', staff);
    expect(res.statusCode).toBe(200);
    const row = await suite.db
      .selectFrom('users')
      .select(['employee_number', 'badge_number'])
      .where('id', '=', staff.user.id)
      .executeTakeFirstOrThrow();
    expect(res.json().profile).toEqual({
      id: staff.user.id,
      first_name: 'Robin',
      last_name: staff.user.lastName,
      email: staff.user.email,
      employee_number: row.employee_number,
      badge_number: row.badge_number,
      role: 'staff',
      department_name: 'Profile Team',
      start_date: '2024-03-18',
    });
    const admin = (await suite.http.get('/api/auth/profile', suite.admin)).json().profile;
    expect(admin).toMatchObject({ id: suite.admin.user.id, role: 'admin', start_date: null });
  });
});

describe('POST /api/auth/change-password', () => {
  it('refuses a wrong current password naming currentPassword, audited and counted by the sign-in throttle', async () => {
    const me = await suite.signedIn();
    const wrong = await changePassword(me, {
      currentPassword: 'not my password',
      newPassword: 'a brand new phrase',
    });
    expect(wrong.statusCode).toBe(400);
    expect(fieldOf(wrong)).toMatchObject({ field: 'currentPassword', rule: 'incorrect' });
    expect(await auditOf(me.user.id, 'password.change_failed')).toHaveLength(1);

    // The same per-account counter as sign-in: past the free failures, guesses must wait.
    for (let i = 1; i < FREE_ACCOUNT_FAILURES; i++) {
      expect(
        (await changePassword(me, { currentPassword: `guess ${i}`, newPassword: 'a brand new phrase' }))
          .statusCode,
      ).toBe(400);
    }
    const throttled = await changePassword(me, {
      currentPassword: 'guess again',
      newPassword: 'a brand new phrase',
    });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
    // ...and the login form is slowed by the same count: it is one account.
    const login = await suite.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.user.email, password: me.user.password },
      remoteAddress: '10.30.0.1',
    });
    expect(login.statusCode).toBe(429);
    const hash = await suite.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', me.user.id)
      .executeTakeFirst();
    expect(hash?.password_hash).toMatch(/^\$argon2id\$v=19\$m=8,/);
  });

  it('refuses a short new password and a common one, naming newPassword', async () => {
    const me = await suite.signedIn();
    const short = await changePassword(me, { currentPassword: me.user.password, newPassword: 'short1!' });
    expect(short.statusCode).toBe(400);
    expect(fieldOf(short)).toMatchObject({ field: 'newPassword', rule: 'too_small' });
    const common = await changePassword(me, {
      currentPassword: me.user.password,
      newPassword: 'Password123',
    });
    expect(common.statusCode).toBe(400);
    expect(fieldOf(common)).toMatchObject({ field: 'newPassword', rule: 'not_common' });
    const failures = await suite.db
      .selectFrom('login_failures')
      .select('id')
      .where('email', '=', me.user.email)
      .execute();
    expect(failures).toEqual([]);
  });

  it('refuses the current password as the new one', async () => {
    const me = await suite.signedIn();
    const same = await changePassword(me, {
      currentPassword: me.user.password,
      newPassword: me.user.password,
    });
    expect(same.statusCode).toBe(400);
    expect(fieldOf(same)).toMatchObject({ field: 'newPassword', rule: 'differs' });
  });

  it('changes the password, ends every other session at once and keeps this one', async () => {
    const user = await makeUser(suite.db);
    const here = await signInWith(user, CHROME_ON_LINUX);
    const phone = await signInWith(user, SAFARI_ON_IPHONE);
    const laptop = await signInWith(user, CHROME_ON_LINUX);
    // Both others have been checked once, so a stale cache would still let them in.
    expect((await suite.http.get('/api/auth/me', phone)).statusCode).toBe(200);
    expect((await suite.http.get('/api/auth/me', laptop)).statusCode).toBe(200);
    const events = recordEvents(suite.bus);

    const res = await changePassword(here, {
      currentPassword: user.password,
      newPassword: 'correct horse battery',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ endedSessions: 2 });

    expect((await suite.http.get('/api/auth/me', phone)).statusCode).toBe(401);
    expect((await suite.http.get('/api/auth/me', laptop)).statusCode).toBe(401);
    const refresh = await suite.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: phone.refreshCookie },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await suite.http.get('/api/auth/me', here)).statusCode).toBe(200);
    // Every process hears of it, and closes those sessions' sockets.
    const ended = await events.waitFor((e) => e.kind === 'session_ended');
    events.stop();
    expect(ended).toEqual({
      kind: 'session_ended',
      sessionIds: expect.arrayContaining([sidOf(phone.token), sidOf(laptop.token)]),
    });

    const stored = await suite.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirst();
    expect(stored?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await expect(login(suite.app, user)).rejects.toThrow(/401/);
    await login(suite.app, { email: user.email, password: 'correct horse battery' });

    expect(await auditOf(user.id, 'password.changed')).toEqual([
      {
        action: 'password.changed',
        actor_user_id: user.id,
        target_type: 'user',
        target_id: String(user.id),
        ip: '127.0.0.1',
      },
    ]);
    const sessionAudits = await auditOf(user.id, 'auth.password_changed');
    expect(sessionAudits.map((a) => a.target_id).sort()).toEqual(
      [sidOf(phone.token), sidOf(laptop.token)].sort(),
    );
  });
});

describe('GET /api/auth/sessions', () => {
  it("lists only the caller's own live sessions, this one marked, with browser and system in words", async () => {
    const user = await makeUser(suite.db);
    const here = await signInWith(user, CHROME_ON_LINUX);
    const phone = await signInWith(user, SAFARI_ON_IPHONE);
    const ended = await signInWith(user, CHROME_ON_LINUX);
    await suite.http.post('/api/auth/logout', ended);
    const someoneElse = await suite.signedIn();

    const res = await suite.http.get('/api/auth/sessions', here);
    expect(res.statusCode).toBe(200);
    const sessions = res.json().sessions as {
      id: string;
      current: boolean;
      browser: string;
      os: string;
      ip: string;
    }[];
    expect(sessions.map((s) => s.id)).toEqual([sidOf(here.token), sidOf(phone.token)]);
    expect(sessions[0]).toMatchObject({ current: true, browser: 'Chrome', os: 'Linux', ip: '10.20.0.1' });
    expect(sessions[1]).toMatchObject({ current: false, browser: 'Safari', os: 'iOS' });
    expect(sessions.map((s) => s.id)).not.toContain(sidOf(someoneElse.token));
  });
});

describe('DELETE /api/auth/sessions/:id', () => {
  it('ends one of my other sessions at once, audited', async () => {
    const user = await makeUser(suite.db);
    const here = await signInWith(user, CHROME_ON_LINUX);
    const other = await signInWith(user, SAFARI_ON_IPHONE);
    expect((await suite.http.get('/api/auth/me', other)).statusCode).toBe(200);

    const res = await suite.http.del(`/api/auth/sessions/${sidOf(other.token)}`, here);
    expect(res.statusCode).toBe(200);
    expect((await suite.http.get('/api/auth/me', other)).statusCode).toBe(401);
    expect((await suite.http.get('/api/auth/me', here)).statusCode).toBe(200);
    expect(await auditOf(user.id, 'auth.ended_by_owner')).toEqual([
      expect.objectContaining({ target_type: 'session', target_id: sidOf(other.token) }),
    ]);
    // Ended once: a second time it is no longer there.
    expect((await suite.http.del(`/api/auth/sessions/${sidOf(other.token)}`, here)).statusCode).toBe(404);
  });

  it("answers 404 for someone else's session, which stays alive, for staff and admins alike", async () => {
    const victim = await suite.signedIn();
    const staff = await suite.signedIn();
    for (const caller of [staff, suite.admin]) {
      const res = await suite.http.del(`/api/auth/sessions/${sidOf(victim.token)}`, caller);
      expect(res.statusCode).toBe(404);
    }
    expect((await suite.http.get('/api/auth/me', victim)).statusCode).toBe(200);
    expect((await suite.http.del('/api/auth/sessions/not-a-uuid', staff)).statusCode).toBe(400);
  });

  it('may end the current session: its token stops working', async () => {
    const me = await suite.signedIn();
    expect((await suite.http.del(`/api/auth/sessions/${sidOf(me.token)}`, me)).statusCode).toBe(200);
    expect((await suite.http.get('/api/auth/me', me)).statusCode).toBe(401);
  });
});

describe('POST /api/auth/sessions/end-others', () => {
  it("ends every other session of mine and nobody else's", async () => {
    const user = await makeUser(suite.db);
    const here = await signInWith(user, CHROME_ON_LINUX);
    const others = [await signInWith(user, SAFARI_ON_IPHONE), await signInWith(user, CHROME_ON_LINUX)];
    const bystander = await suite.signedIn();

    const res = await suite.http.post('/api/auth/sessions/end-others', here);
    expect(res.json()).toEqual({ endedSessions: 2 });
    for (const other of others) expect((await suite.http.get('/api/auth/me', other)).statusCode).toBe(401);
    expect((await suite.http.get('/api/auth/me', here)).statusCode).toBe(200);
    expect((await suite.http.get('/api/auth/me', bystander)).statusCode).toBe(200);
    const listed = (await suite.http.get('/api/auth/sessions', here)).json().sessions;
    expect(listed).toHaveLength(1);
  });
});
