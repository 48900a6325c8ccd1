import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startTestApp, type TestDatabase, testCredentialsKey } from '../test/context';
import { changeUser } from '../test/factories';
import { createUser } from '../test/fixtures';
import { loadConfig } from './config';
import { seedDemo } from './demo';
import { refuseExposedDemo, startMessage } from './exposure';
import { hashPassword } from './modules/auth/passwords';
import { PublishedDemoLogins } from './modules/auth/published-logins';

const mainScript = fileURLToPath(new URL('./main.ts', import.meta.url));
const ADMIN = { email: 'admin@atrium.local', password: 'Admin#2026' };
const USER = { email: 'user@atrium.local', password: 'User#2026' };

interface Started {
  child: ChildProcess;
  /** Resolves with the port from the start line, or rejects with everything printed if it exits first. */
  port: Promise<number>;
  exit: Promise<{ code: number | null; output: string }>;
  output: () => string;
}

const children = new Set<ChildProcess>();

/** Starts Atrium's real entry point (main.ts) on a test database with the given environment. */
function startAtrium(url: string, env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: '0',
      WEB_DIST: '',
      LOG_LEVEL: 'silent',
      TIMEZONE: 'UTC',
      HOST: '',
      DEMO: '',
      // The apps these tests build on the same database store device passwords with this key.
      DEVICE_CREDENTIALS_KEY: testCredentialsKey.toString('hex'),
      ...env,
    },
  });
  children.add(child);
  let output = '';
  const exit = new Promise<{ code: number | null; output: string }>((resolve) => {
    child.on('close', (code) => {
      children.delete(child);
      resolve({ code, output });
    });
  });
  const port = new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /Atrium is running on http:\/\/[^\s]+:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exit.then(() => reject(new Error(`Atrium exited before listening:\n${output}`)));
  });
  port.catch(() => {});
  return { child, port, exit, output: () => output };
}

async function stop(started: Started): Promise<number | null> {
  started.child.kill('SIGTERM');
  return (await started.exit).code;
}

const signIn = (port: number, account: { email: string; password: string }) =>
  fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  }).then((res) => res.status);

let empty: TestDatabase;
let demo: TestDatabase;

beforeAll(async () => {
  [empty, demo] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  await seedDemo(demo.db);
});
afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
});
afterAll(async () => {
  await Promise.all([empty.drop(), demo.drop()]);
});

describe('where Atrium listens', () => {
  it('refuses to serve the demo on a network address, naming the two ways on', async () => {
    const started = startAtrium(empty.url, { HOST: '0.0.0.0' });
    const { code, output } = await started.exit;
    expect(code).toBe(1);
    expect(output).toContain('Atrium will not serve the demo accounts');
    expect(output).toContain('npm run create-admin');
    expect(output).toContain('DEMO=0');
    expect(output).toContain('DEMO=public');
    expect(output).not.toContain('Atrium is running');
    // It stopped before the seed: the empty database got no demo accounts.
    expect(await new PublishedDemoLogins(empty.db).usable()).toEqual([]);
  }, 60_000);

  it('starts on 0.0.0.0 with DEMO=0 and a created administrator', async () => {
    const admin = await createUser(empty.db, 'admin');
    const started = startAtrium(empty.url, { HOST: '0.0.0.0', DEMO: '0' });
    const port = await started.port;
    expect(started.output()).toContain('listening on 0.0.0.0');
    expect(await signIn(port, admin)).toBe(200);
    expect(await signIn(port, ADMIN)).toBe(401);
    expect(await stop(started)).toBe(0);
  }, 60_000);

  it('with DEMO=public serves the demo accounts on 0.0.0.0 and warns that it does', async () => {
    const started = startAtrium(demo.url, { HOST: '0.0.0.0', DEMO: 'public' });
    const port = await started.port;
    expect(started.output()).toContain(
      'Warning: DEMO=public: admin@atrium.local, user@atrium.local and manager@atrium.local sign in with their published passwords',
    );
    expect(await signIn(port, ADMIN)).toBe(200);
    expect(await signIn(port, USER)).toBe(200);
    expect(await stop(started)).toBe(0);
  }, 90_000);
});

describe('refuseExposedDemo', () => {
  it('lets loopback and DEMO=public through, and a network address only without usable demo accounts', async () => {
    const logins = new PublishedDemoLogins(demo.db);
    const none = new PublishedDemoLogins(empty.db);
    await expect(
      refuseExposedDemo({ host: '127.0.0.1', demo: true, demoPublic: false }, logins),
    ).resolves.toBe(undefined);
    await expect(refuseExposedDemo({ host: '::1', demo: false, demoPublic: false }, logins)).resolves.toBe(
      undefined,
    );
    await expect(refuseExposedDemo({ host: '0.0.0.0', demo: true, demoPublic: true }, logins)).resolves.toBe(
      undefined,
    );
    await expect(refuseExposedDemo({ host: '0.0.0.0', demo: false, demoPublic: false }, none)).resolves.toBe(
      undefined,
    );
    await expect(
      refuseExposedDemo({ host: '192.168.1.5', demo: true, demoPublic: false }, none),
    ).rejects.toThrow(/DEMO=public/);
    await expect(
      refuseExposedDemo({ host: '0.0.0.0', demo: false, demoPublic: false }, logins),
    ).rejects.toThrow(/still holds them/);
  });

  it('defaults to loopback, and the start line says how to serve the network', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(startMessage(config, 3000, 'DATABASE_URL')).toBe(
      'Atrium is running on http://localhost:3000 (listening on 127.0.0.1; database: DATABASE_URL, demo data)\n' +
        'Only this computer can reach it; to serve the network, start with HOST=0.0.0.0.',
    );
  });

  it('the start line names the address, and a wildcard host is reached as localhost', () => {
    expect(startMessage({ host: '0.0.0.0', demo: false, demoPublic: false }, 8080, 'DATABASE_URL')).toBe(
      'Atrium is running on http://localhost:8080 (listening on 0.0.0.0, every network interface; database: DATABASE_URL)',
    );
  });
});

describe('app-info tells the login page whether the demo accounts work', () => {
  it('says yes while both published passwords sign in, and no once one changed', async () => {
    const t = await startTestApp(demo);
    try {
      const info = async () => (await t.app.inject({ url: '/api/app-info' })).json();
      expect(await info()).toMatchObject({ demo: true, demoAccounts: true });

      const original = await demo.db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', USER.email)
        .executeTakeFirstOrThrow();
      await changeUser(demo.db, USER, { passwordHash: await hashPassword('a private password') });
      expect(await info()).toMatchObject({ demo: true, demoAccounts: false });

      await changeUser(demo.db, USER, { passwordHash: original.password_hash! });
      expect(await info()).toMatchObject({ demoAccounts: true });
      await changeUser(demo.db, ADMIN, { active: false });
      expect(await info()).toMatchObject({ demoAccounts: false });
      await changeUser(demo.db, ADMIN, { active: true });
    } finally {
      await t.close();
    }
  });

  it('says no on an installation without the demo accounts', async () => {
    const t = await startTestApp(empty, { demo: false });
    try {
      expect((await t.app.inject({ url: '/api/app-info' })).json()).toMatchObject({
        demo: false,
        demoAccounts: false,
      });
    } finally {
      await t.close();
    }
  });
});
