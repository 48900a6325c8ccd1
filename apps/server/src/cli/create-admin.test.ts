import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase } from '../../test/context';

const script = fileURLToPath(new URL('./create-admin.ts', import.meta.url));

function createAdmin(url: string, args: string[], input: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { ...process.env, DATABASE_URL: url, DEMO: '0' },
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.stdin.end(input);
    child.on('close', (code) => resolve({ code: code ?? -1, output }));
  });
}

let database: TestDatabase;
let t: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  t = await startTestApp(database, { demo: false });
});
afterAll(async () => {
  await t.close();
  await database.drop();
});

describe('create-admin', () => {
  it('creates the first administrator, who can then sign in', async () => {
    expect(await database.db.selectFrom('users').select('id').execute()).toEqual([]);
    const result = await createAdmin(
      database.url,
      ['--email', 'Ops@Example.com', '--first-name', 'Ada', '--last-name', 'Lovelace'],
      'correct horse battery\n',
    );
    expect(result.output).toContain('Created the admin ops@example.com');
    expect(result.code).toBe(0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ops@example.com', password: 'correct horse battery' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', role: 'admin' });
    const stored = await database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'ops@example.com')
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  }, 30_000);

  it('refuses a short or common password, a bad email and a taken email, changing nothing', async () => {
    const short = await createAdmin(database.url, ['--email', 'a@example.com'], 'short\n');
    expect(short.code).not.toBe(0);
    expect(short.output).toContain('at least 10 characters');
    const common = await createAdmin(database.url, ['--email', 'c@example.com'], 'qwertyuiop\n');
    expect(common.code).not.toBe(0);
    expect(common.output).toContain('one of the most common passwords');
    const bad = await createAdmin(database.url, ['--email', 'nope'], 'long enough password\n');
    expect(bad.output).toContain('--email must be an email address');
    const taken = await createAdmin(database.url, ['--email', 'ops@example.com'], 'long enough password\n');
    expect(taken.output).toContain('already exists');
    expect(await database.db.selectFrom('users').select('email').execute()).toEqual([
      { email: 'ops@example.com' },
    ]);
    // Four runs of the CLI, each starting tsx: on a loaded 2-core machine that alone took 30 s.
  }, 90_000);

  it('shows no demo mode to the login page when demo is off', async () => {
    expect((await t.app.inject({ url: '/api/app-info' })).json()).toEqual({
      name: 'Atrium',
      organisationName: 'Atrium',
      demo: false,
      demoAccounts: false,
      // No single sign-on set up: passwords only.
      sso: null,
      passwordLogin: true,
      timezone: expect.any(String),
    });
  });
});
