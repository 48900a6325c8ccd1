import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/factories';
import { useSuite } from '../../../test/suite';

const suite = useSuite({ now: '2026-11-25T10:00:00Z' });

const GOOD_PASSWORD = 'correct horse battery staple';

let serial = 0;
async function addPerson() {
  serial += 1;
  const res = await suite.http.post('/api/users', suite.admin, {
    firstName: 'Ivy',
    lastName: `Invited${serial}`,
    email: `ivy.${serial}@example.test`,
    employeeNumber: `INV-${serial}`,
    badgeNumber: `IB-${serial}`,
    departmentId: null,
    role: 'staff',
    startDate: null,
  });
  expect(res.statusCode).toBe(201);
  const { person, invitation } = res.json();
  return { person, token: tokenOf(invitation.inviteUrl), email: person.email as string };
}

const tokenOf = (url: string) => url.split('/invite/')[1]!;
const info = (token: string, ip = '10.1.0.1') =>
  suite.app.inject({ method: 'GET', url: `/api/auth/invite/${token}`, remoteAddress: ip });
const accept = (token: string, password = GOOD_PASSWORD, ip = '10.1.0.1') =>
  suite.app.inject({
    method: 'POST',
    url: '/api/auth/accept-invite',
    payload: { token, password },
    remoteAddress: ip,
  });
const signIn = (email: string, password: string) =>
  suite.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: '10.2.0.1',
  });

const refusal = {
  field: 'token',
  rule: 'usable_link',
  message: expect.stringContaining('Ask your administrator for a new link'),
};

describe('invitation links', () => {
  it('greets the person, sets their password once, and they sign in with it', async () => {
    const { token, email } = await addPerson();
    expect((await info(token)).json()).toEqual({ first_name: 'Ivy', email });
    expect((await signIn(email, GOOD_PASSWORD)).statusCode).toBe(401);

    const res = await accept(token);
    expect(res.statusCode).toBe(200);
    expect((await signIn(email, GOOD_PASSWORD)).statusCode).toBe(200);

    // Single use: the same link answers the refusal from now on.
    const again = await accept(token, 'another good passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.details).toEqual([refusal]);
    expect((await info(token)).statusCode).toBe(400);
    expect((await signIn(email, 'another good passphrase')).statusCode).toBe(401);
  });

  it('expires after 72 hours, on the organisation clock', async () => {
    const { token } = await addPerson();
    suite.clock.advance(72 * 3600_000 - 1000);
    expect((await info(token)).statusCode).toBe(200);
    suite.clock.advance(1000);
    expect((await info(token)).json().error.details).toEqual([refusal]);
    expect((await accept(token)).statusCode).toBe(400);
  });

  it('a newer link revokes the older unused one', async () => {
    const { person, token: first } = await addPerson();
    const res = await suite.http.post(`/api/users/${person.id}/invitation`, suite.admin);
    expect(res.statusCode).toBe(201);
    const second = tokenOf(res.json().inviteUrl);
    expect(res.json().expiresAt).toBe(new Date(suite.clock.now().getTime() + 72 * 3600_000).toISOString());
    expect((await accept(first)).statusCode).toBe(400);
    expect((await accept(second)).statusCode).toBe(200);
  });

  it('an unknown token and a malformed one get the same kind of refusal, naming no person', async () => {
    const unknown = await info('A'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details).toEqual([refusal]);
    const malformed = await accept('not-a-token');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.details[0]).toMatchObject({ field: 'token' });
  });

  it('refuses a short password and a common one, naming password, and keeps the link usable', async () => {
    const { token, email } = await addPerson();
    const short = await accept(token, 'short1!');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.details[0]).toMatchObject({ field: 'password' });
    const common = await accept(token, 'password1234');
    expect(common.statusCode).toBe(400);
    expect(common.json().error.details).toEqual([
      {
        field: 'password',
        rule: 'not_common',
        message: 'This is one of the most common passwords. Choose one that is harder to guess.',
      },
    ]);
    expect((await accept(token)).statusCode).toBe(200);
    expect((await signIn(email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('a disabled person cannot use their link', async () => {
    const { person, token } = await addPerson();
    await suite.http.post(`/api/users/${person.id}/disable`, suite.admin);
    expect((await accept(token)).json().error.details).toEqual([refusal]);
    const issued = await suite.http.post(`/api/users/${person.id}/invitation`, suite.admin);
    expect(issued.statusCode).toBe(409);
  });

  it('a link never outlives a disable: enabling the person again does not revive it', async () => {
    const { person, token } = await addPerson();
    expect((await info(token)).statusCode).toBe(200);
    await suite.http.post(`/api/users/${person.id}/disable`, suite.admin);
    expect((await info(token)).statusCode).toBe(400);
    expect((await suite.http.post(`/api/users/${person.id}/enable`, suite.admin)).statusCode).toBe(200);
    expect((await info(token)).statusCode).toBe(400);
    expect((await accept(token)).json().error.details).toEqual([refusal]);
    // A new link made after the enable works as usual.
    const issued = await suite.http.post(`/api/users/${person.id}/invitation`, suite.admin);
    expect((await accept(tokenOf(issued.json().inviteUrl))).statusCode).toBe(200);
  });

  it('slows down an address that keeps trying', async () => {
    let last = 0;
    for (let i = 0; i < 31; i += 1) last = (await info('B'.repeat(43), '10.9.9.9')).statusCode;
    expect(last).toBe(429);
    expect((await info('B'.repeat(43), '10.9.9.10')).statusCode).toBe(400);
    suite.clock.advance(60_000);
    expect((await info('B'.repeat(43), '10.9.9.9')).statusCode).toBe(400);
  });
});

describe('password reset', () => {
  it('ends their sessions when the link is made; the old password works until the link is used', async () => {
    const person = await suite.signedIn({ department: 'Forgetful' });
    const res = await suite.http.post(`/api/users/${person.user.id}/invitation`, suite.admin);
    expect(res.statusCode).toBe(201);
    expect((await suite.http.get('/api/auth/me', person)).statusCode).toBe(401);
    const refresh = await suite.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: person.refreshCookie },
    });
    expect(refresh.statusCode).toBe(401);

    const meanwhile = await signIn(person.user.email, person.user.password);
    expect(meanwhile.statusCode).toBe(200);
    const bearer = { authorization: `Bearer ${meanwhile.json().token}` };

    expect((await accept(tokenOf(res.json().inviteUrl))).statusCode).toBe(200);
    // Using the link ends the session opened with the old password, and the old password stops.
    expect((await suite.app.inject({ url: '/api/auth/me', headers: bearer })).statusCode).toBe(401);
    expect((await signIn(person.user.email, person.user.password)).statusCode).toBe(401);
    expect((await signIn(person.user.email, GOOD_PASSWORD)).statusCode).toBe(200);

    const audits = await suite.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'details'])
      .where('action', 'in', ['user.invitation_created', 'user.password_set'])
      .where('target_id', '=', String(person.user.id))
      .orderBy('id')
      .execute();
    expect(audits).toEqual([
      {
        action: 'user.invitation_created',
        actor_user_id: suite.admin.user.id,
        details: expect.objectContaining({ purpose: 'reset' }),
      },
      {
        action: 'user.password_set',
        actor_user_id: person.user.id,
        details: { purpose: 'reset', via: 'accept_invite' },
      },
    ]);
  });

  it('answers 404 for an unknown person', async () => {
    const person = await makeUser(suite.db);
    expect(
      (await suite.http.post(`/api/users/${person.id + 100000}/invitation`, suite.admin)).statusCode,
    ).toBe(404);
  });
});
