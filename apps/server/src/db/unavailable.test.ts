import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

async function connectError(config: pg.ClientConfig): Promise<unknown> {
  const client = new pg.Client({
    ...config,
    database: 'atrium',
    user: 'atrium',
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
  } catch (error) {
    return error;
  } finally {
    await client.end().catch(() => undefined);
  }
  throw new Error('connected');
}

describe('isDatabaseUnavailable', () => {
  it('knows a Unix socket that is gone (an embedded server restarting) and a closed port', async () => {
    expect(isDatabaseUnavailable(await connectError({ host: '/nonexistent/atrium-socket-dir' }))).toBe(true);
    expect(isDatabaseUnavailable(await connectError({ host: '127.0.0.1', port: 1 }))).toBe(true);
  });

  it('leaves a missing file that is not a connection to the error it is', () => {
    const missing = Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT', syscall: 'open' });
    expect(isDatabaseUnavailable(missing)).toBe(false);
  });
});
