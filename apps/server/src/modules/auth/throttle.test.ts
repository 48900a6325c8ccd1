import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase } from '../../../test/context';
import { createUser, type TestUser } from '../../../test/fixtures';

let database: TestDatabase;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await startTestApp(database);
  admin = await createUser(database.db, 'admin');
});
afterAll(async () => {
  await t.close();
  await database.drop();
});

const post = (url: string, payload?: object, headers: Record<string, string> = {}, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });

describe('login throttling', () => {
  const attempt = (user: Pick<TestUser, 'email'>, password: string, ip: string) =>
    post('/api/auth/login', { email: user.email, password }, {}, ip);
  /** Moves an account's failures into the past, as if the caller had waited. */
  const age = (email: string, seconds: number) =>
    database.db
      .updateTable('login_failures')
      .set({ at: sql<Date>`at - make_interval(secs => ${seconds})` })
      .where('email', '=', email)
      .execute();
  /** Dates an account's failures to this instant, as if they had just happened (slow machines take time). */
  const justNow = (email: string) =>
    database.db
      .updateTable('login_failures')
      .set({ at: sql<Date>`clock_timestamp()` })
      .where('email', '=', email)
      .execute();

  it('counts an account failures from every address and slows the next attempt, not locking it', async () => {
    const victim = await createUser(database.db, 'staff');
    const addresses = ['10.1.1.1', '10.1.1.2', '10.1.1.3', '10.1.1.4', '10.1.1.5'];
    for (const ip of addresses) expect((await attempt(victim, 'wrong', ip)).statusCode).toBe(401);
    await justNow(victim.email);

    // A sixth address gains nothing: the account waits a second, whoever asks.
    const slowed = await attempt(victim, victim.password, '10.1.1.6');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().error.message).toBe('Too many failed sign-in attempts. Try again in 1 second.');
    expect(slowed.headers['retry-after']).toBe('1');

    await age(victim.email, 2);
    expect((await attempt(victim, victim.password, '10.1.1.6')).statusCode).toBe(200);
  });

  it('doubles the wait with each further failure up to a minute, never longer', async () => {
    const victim = await createUser(database.db, 'staff');
    await database.db
      .insertInto('login_failures')
      .values(Array.from({ length: 7 }, (_, i) => ({ email: victim.email, ip: `10.5.0.${i}` })))
      .execute();
    // Seven failures: the eighth attempt waits 2^(7-5) = 4 seconds after the latest.
    expect((await attempt(victim, victim.password, '10.5.1.1')).headers['retry-after']).toBe('4');

    await database.db
      .insertInto('login_failures')
      .values(Array.from({ length: 40 }, (_, i) => ({ email: victim.email, ip: `10.5.2.${i}` })))
      .execute();
    const capped = await attempt(victim, victim.password, '10.5.1.1');
    expect(capped.statusCode).toBe(429);
    expect(Number(capped.headers['retry-after'])).toBe(60);
    await age(victim.email, 61);
    expect((await attempt(victim, victim.password, '10.5.1.1')).statusCode).toBe(200);
  });

  it('a success elsewhere does not clear the failures an attacker collected', async () => {
    const victim = await createUser(database.db, 'staff');
    const attacker = '10.6.6.6';
    for (let i = 0; i < 5; i++) await attempt(victim, 'guess', attacker);
    await age(victim.email, 2);
    expect((await attempt(victim, victim.password, '10.6.0.1')).statusCode).toBe(200);

    // Still five failures on the account: the attacker's next guess is admitted (the wait is
    // over) but the one after must wait again.
    expect((await attempt(victim, 'guess', attacker)).statusCode).toBe(401);
    await justNow(victim.email);
    expect((await attempt(victim, 'guess', attacker)).statusCode).toBe(429);
  });

  it('a success forgives the owner their own typos from the same address', async () => {
    const person = await createUser(database.db, 'staff');
    const ip = '10.2.2.2';
    for (let i = 0; i < 4; i++) await attempt(person, 'wrong', ip);
    expect((await attempt(person, person.password, ip)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt(person, 'wrong', ip)).statusCode).toBe(401);
    expect((await attempt(person, person.password, ip)).statusCode).toBe(200);
  });

  it('an address with 50 failures still lets in correct passwords of accounts that did not fail there', async () => {
    const ip = '10.3.3.3';
    await database.db
      .insertInto('login_failures')
      .values(Array.from({ length: 50 }, (_, i) => ({ email: `spray${i}@example.test`, ip })))
      .execute();
    // A colleague behind the same NAT signs in.
    expect((await attempt(admin, admin.password, ip)).statusCode).toBe(200);

    // An account that failed from that address is held back there, even with its password ...
    const typo = await createUser(database.db, 'staff');
    expect((await attempt(typo, 'wrong', ip)).statusCode).toBe(401);
    const held = await attempt(typo, typo.password, ip);
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(800);
    // ... and only there.
    expect((await attempt(typo, typo.password, '10.3.3.4')).statusCode).toBe(200);
  });

  it('parallel guesses on one account see each other', async () => {
    const victim = await createUser(database.db, 'staff');
    // Nine failures twenty seconds ago: the 16 s wait is over, so one attempt may go ahead now.
    await database.db
      .insertInto('login_failures')
      .values(Array.from({ length: 9 }, (_, i) => ({ email: victim.email, ip: `10.8.1.${i}` })))
      .execute();
    await age(victim.email, 20);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => attempt(victim, `guess-${i}`, `10.8.0.${i}`)),
    );
    // Exactly one: it counts before its password is checked, so the others wait 32 s behind it.
    expect(answers.map((r) => r.statusCode).sort()).toEqual([401, 429, 429, 429, 429, 429, 429, 429]);
  });
});
