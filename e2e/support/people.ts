import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, request } from '@playwright/test';
import { demo } from './auth';
import { E2E_BASE_URL, E2E_DATA_DIR } from './env';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The URL of the running server's embedded PostgreSQL: its port and generated password are in DATA_DIR. */
function databaseUrl(): string {
  const dataDir = path.join(root, E2E_DATA_DIR);
  const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  // postmaster.pid: pid, data directory, start time, port, ...
  const port = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    ?.trim();
  return `postgres://atrium:${encodeURIComponent(password)}@127.0.0.1:${port}/atrium`;
}

export interface Throwaway {
  id: number;
  email: string;
  password: string;
  name: string;
}

/**
 * A person of the test's own, so a journey that changes a password or ends sessions leaves the
 * demo accounts (which every other spec signs in as) alone. Made with the product's own
 * `create-admin` command against the running server's database: the one way to add a person
 * with a password of one's choosing that needs no other feature.
 */
export async function createThrowaway(firstName: string, lastName: string): Promise<Throwaway> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `${lastName.toLowerCase()}-${stamp}@example.test`;
  const password = `Throwaway ${stamp} pass`;
  const made = spawnSync(
    'npx',
    [
      'tsx',
      'apps/server/src/cli/create-admin.ts',
      '--email',
      email,
      '--first-name',
      firstName,
      '--last-name',
      lastName,
    ],
    {
      cwd: root,
      input: `${password}\n`,
      env: { ...process.env, DATABASE_URL: databaseUrl(), LOG_LEVEL: 'warn' },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  expect(made.status, `${made.stdout}\n${made.stderr}`).toBe(0);
  const api = await request.newContext({ baseURL: E2E_BASE_URL });
  try {
    const res = await api.post('/api/auth/login', { data: { email, password } });
    expect(res.status(), await res.text()).toBe(200);
    const { user, token } = (await res.json()) as { user: { id: number }; token: string };
    // Only to learn the id: the person starts the test with no session.
    await api.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
    return { id: user.id, email, password, name: `${firstName} ${lastName}` };
  } finally {
    await api.dispose();
  }
}

/** Disables the test's own people once it is done, so they leave the demo's lists of active people. */
export async function retireThrowaways(people: Throwaway[]): Promise<void> {
  if (people.length === 0) return;
  const api = await request.newContext({ baseURL: E2E_BASE_URL });
  try {
    const res = await api.post('/api/auth/login', {
      data: { email: demo.admin.email, password: demo.admin.password },
    });
    const { token } = (await res.json()) as { token: string };
    for (const person of people) {
      const disabled = await api.patch(`/api/users/${person.id}`, {
        headers: { authorization: `Bearer ${token}` },
        data: { active: false },
      });
      expect(disabled.status(), await disabled.text()).toBe(200);
    }
  } finally {
    await api.dispose();
  }
}
