import { describe, expect, it } from 'vitest';
import { makeLoginFailures, makeUser, type TestUser } from '../../../test/factories';
import { useSuite } from '../../../test/suite';
import { LOGIN_WINDOW_SECONDS } from './throttle';

// Waits and windows are measured on the organisation's clock: the test moves it, nobody sleeps.
const suite = useSuite({ now: '2026-03-02T09:00:00Z' });

const SECOND = 1000;

const attempt = (user: Pick<TestUser, 'email'>, password: string, ip: string) =>
  suite.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password },
    remoteAddress: ip,
  });
/** Failures recorded for an account from these addresses, at the clock's time unless given. */
const failed = (email: string, ips: string[], at = suite.clock.now()) =>
  makeLoginFailures(suite.db, { emails: [email], ips, at });
const addresses = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}.${i}`);

describe('login throttling', () => {
  it('counts an account failures from every address and slows the next attempt, not locking it', async () => {
    const victim = await makeUser(suite.db);
    for (const ip of addresses('10.1.1', 5))
      expect((await attempt(victim, 'wrong', ip)).statusCode).toBe(401);

    // A sixth address gains nothing: the account waits a second, whoever asks.
    const slowed = await attempt(victim, victim.password, '10.1.2.1');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().error.message).toBe('Too many failed sign-in attempts. Try again in 1 second.');
    expect(slowed.headers['retry-after']).toBe('1');

    suite.clock.advance(SECOND);
    expect((await attempt(victim, victim.password, '10.1.2.1')).statusCode).toBe(200);
  });

  it('doubles the wait with each further failure up to a minute, never longer', async () => {
    const victim = await makeUser(suite.db);
    await failed(victim.email, addresses('10.5.0', 7));
    // Seven failures: the eighth attempt waits 2^(7-5) = 4 seconds after the latest.
    expect((await attempt(victim, victim.password, '10.5.1.1')).headers['retry-after']).toBe('4');

    await failed(victim.email, addresses('10.5.2', 40));
    const capped = await attempt(victim, victim.password, '10.5.1.1');
    expect(capped.statusCode).toBe(429);
    expect(capped.headers['retry-after']).toBe('60');
    suite.clock.advance(59 * SECOND);
    expect((await attempt(victim, victim.password, '10.5.1.1')).headers['retry-after']).toBe('1');
    suite.clock.advance(SECOND);
    expect((await attempt(victim, victim.password, '10.5.1.1')).statusCode).toBe(200);
  });

  it('failures older than the window no longer count', async () => {
    const victim = await makeUser(suite.db);
    const window = LOGIN_WINDOW_SECONDS * SECOND;
    await failed(
      victim.email,
      addresses('10.7.0', 30),
      new Date(suite.clock.now().getTime() - window - SECOND),
    );
    await failed(victim.email, ['10.7.1.1']);
    // The 30 left the window a second ago: only the one just now counts, and it is free.
    expect((await attempt(victim, 'wrong', '10.7.1.1')).statusCode).toBe(401);
    const remaining = await suite.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('email', '=', victim.email)
      .executeTakeFirstOrThrow();
    expect(Number(remaining.n)).toBe(2); // the failed attempt pruned the ones past the window
  });

  it('a success elsewhere does not clear the failures an attacker collected', async () => {
    const victim = await makeUser(suite.db);
    const attacker = '10.6.6.6';
    for (let i = 0; i < 5; i++) await attempt(victim, 'guess', attacker);
    suite.clock.advance(SECOND);
    expect((await attempt(victim, victim.password, '10.6.0.1')).statusCode).toBe(200);

    // Still five failures on the account: the attacker's next guess is admitted (the wait is
    // over) but the one after must wait again.
    expect((await attempt(victim, 'guess', attacker)).statusCode).toBe(401);
    expect((await attempt(victim, 'guess', attacker)).statusCode).toBe(429);
  });

  it('a success forgives the owner their own typos from the same address', async () => {
    const person = await makeUser(suite.db);
    const ip = '10.2.2.2';
    for (let i = 0; i < 4; i++) await attempt(person, 'wrong', ip);
    expect((await attempt(person, person.password, ip)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt(person, 'wrong', ip)).statusCode).toBe(401);
    expect((await attempt(person, person.password, ip)).statusCode).toBe(200);
  });

  it('an address with 50 failures still lets in correct passwords of accounts that did not fail there', async () => {
    const ip = '10.3.3.3';
    await makeLoginFailures(suite.db, {
      emails: Array.from({ length: 50 }, (_, i) => `spray${i}@example.test`),
      ips: [ip],
      at: suite.clock.now(),
    });
    // A colleague behind the same NAT signs in.
    const colleague = suite.admin.user;
    expect((await attempt(colleague, colleague.password, ip)).statusCode).toBe(200);

    // An account that failed from that address is held back there, even with its password ...
    const typo = await makeUser(suite.db);
    expect((await attempt(typo, 'wrong', ip)).statusCode).toBe(401);
    const held = await attempt(typo, typo.password, ip);
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBe(String(LOGIN_WINDOW_SECONDS));
    // ... and only there ...
    expect((await attempt(typo, typo.password, '10.3.3.4')).statusCode).toBe(200);
    // ... until its failure leaves the window.
    suite.clock.advance(LOGIN_WINDOW_SECONDS * SECOND);
    expect((await attempt(typo, typo.password, ip)).statusCode).toBe(200);
  });

  it('parallel guesses on one account see each other', async () => {
    const victim = await makeUser(suite.db);
    // Nine failures twenty seconds ago: the 16 s wait is over, so one attempt may go ahead now.
    await failed(victim.email, addresses('10.8.1', 9), new Date(suite.clock.now().getTime() - 20 * SECOND));
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => attempt(victim, `guess-${i}`, `10.8.0.${i}`)),
    );
    // Exactly one: it counts before its password is checked, so the others wait 32 s behind it.
    expect(answers.map((r) => r.statusCode).sort()).toEqual([401, 429, 429, 429, 429, 429, 429, 429]);
  });
});
