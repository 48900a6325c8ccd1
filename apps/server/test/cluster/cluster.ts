import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { withDatabase } from '../../src/db/connection';
import { AtriumNode, builtCreateAdmin, freePort, repoRoot, requireBuiltServer } from './atrium-node';
import { call, login } from './client';
import { Haproxy } from './haproxy';

/** How long a stopping process reports `draining` while it still serves (SHUTDOWN_DRAIN_MS). */
export const DRAIN_MS = 2000;
export const PASSWORD = 'cluster-walk-4417';
export const ADMIN_EMAIL = 'admin@cluster.test';

export interface Person {
  id: number;
  email: string;
}

export interface Cluster {
  nodes: AtriumNode[];
  haproxy: Haproxy;
  adminToken: string;
  /** A staff member for the live and restart tests, and one per revocation test. */
  people: Record<'sam' | 'dana' | 'lee', Person>;
  /** Waits until HAProxy sees each named server in a state starting with `state`; returns when. */
  waitForState(server: string, state: 'UP' | 'DOWN', timeoutMs?: number): Promise<number>;
  /** Stops everything it started and drops its database, whatever state they are in. */
  cleanUp(): Promise<void>;
  /** What the processes and HAProxy wrote, for a failure's report. */
  logs(): string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function onPostgres(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function createAdmin(databaseUrl: string, dataDir: string): Promise<void> {
  const child = spawn(process.execPath, [builtCreateAdmin, '--email', ADMIN_EMAIL], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, DEMO: '0' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stdin.end(`${PASSWORD}\n`);
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`create-admin failed (${code}): ${output}`);
}

/** A staff member added by the administrator who then sets their password from the invitation. */
async function addPerson(
  base: string,
  adminToken: string,
  departmentId: number,
  name: string,
): Promise<Person> {
  const email = `${name}@cluster.test`;
  const created = await call(base, 'POST', '/users', adminToken, {
    firstName: name,
    lastName: 'Cluster',
    email,
    employeeNumber: `C-${name}`,
    badgeNumber: `B-${name}`,
    departmentId,
    role: 'staff',
    startDate: null,
  });
  if (created.status !== 201)
    throw new Error(`adding ${name}: ${created.status} ${JSON.stringify(created.body)}`);
  const token = String(created.body.invitation.inviteUrl).split('/').pop();
  const accepted = await call(base, 'POST', '/auth/accept-invite', undefined, { token, password: PASSWORD });
  if (accepted.status !== 200) throw new Error(`accepting ${name}'s invitation: ${accepted.status}`);
  return { id: created.body.person.id, email };
}

/**
 * Two built Atrium processes on a fresh database of the machine's PostgreSQL, behind HAProxy, with
 * an administrator and three staff members. Everything started is stopped by cleanUp, which also
 * runs (as kills) if the test process exits without it.
 */
export async function startCluster(serverUrl: string): Promise<Cluster> {
  requireBuiltServer();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'atrium-cluster-'));
  const database = `atrium_cluster_${process.pid}`;
  const databaseUrl = withDatabase(serverUrl, database);
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dir,
    DEMO: '0',
    VIDEO: '0',
    WEB_DIST: '',
    TIMEZONE: 'UTC',
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    SHUTDOWN_GRACE_MS: '5000',
  };
  const nodes = [new AtriumNode('a', await freePort(), env), new AtriumNode('b', await freePort(), env)];
  const haproxy = new Haproxy(dir, await freePort(), nodes);
  const killAll = () => {
    for (const node of nodes) node.kill();
    haproxy.kill();
  };
  process.once('exit', killAll);
  const cleanUp = async () => {
    await Promise.allSettled(nodes.map((node) => node.stop()));
    await haproxy.stop();
    killAll();
    process.off('exit', killAll);
    await onPostgres(serverUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  };
  const waitForState = async (server: string, state: 'UP' | 'DOWN', timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // "UP 1/2" is a server on its way down, "DOWN 1/2" one on its way up: neither is there yet.
      const now = (await haproxy.serverStates())[server];
      if (now === state) return Date.now();
      if (Date.now() > deadline)
        throw new Error(`HAProxy did not see ${server} ${state} in ${timeoutMs} ms (${now})`);
      await sleep(50);
    }
  };

  try {
    await onPostgres(serverUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await onPostgres(serverUrl, `CREATE DATABASE ${database}`);
    await createAdmin(databaseUrl, dir);
    // Together, as a deployment starts them: migrations take an advisory lock.
    await Promise.all(nodes.map((node) => node.start()));
    await haproxy.start();
    await Promise.all(nodes.map((node) => waitForState(node.name, 'UP')));

    const adminToken = await login(haproxy.base, ADMIN_EMAIL, PASSWORD);
    const department = await call(haproxy.base, 'POST', '/users/departments', adminToken, {
      name: 'Cluster',
    });
    const departmentId: number = department.body.department.id;
    const people = {
      sam: await addPerson(haproxy.base, adminToken, departmentId, 'sam'),
      dana: await addPerson(haproxy.base, adminToken, departmentId, 'dana'),
      lee: await addPerson(haproxy.base, adminToken, departmentId, 'lee'),
    };
    return {
      nodes,
      haproxy,
      adminToken,
      people,
      waitForState,
      cleanUp,
      logs: () => [...nodes.flatMap((node) => node.log), ...haproxy.log].join('\n'),
    };
  } catch (error) {
    const logs = [...nodes.flatMap((node) => node.log), ...haproxy.log].join('\n');
    await cleanUp();
    throw new Error(`${String(error)}\n${logs}`);
  }
}
