import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('defaults to port 3000, ./data, demo on', () => {
    const config = loadConfig({ TZ: 'UTC' }, '/srv/atrium');
    expect(config).toMatchObject({
      port: 3000,
      dataDir: '/srv/atrium/data',
      demo: true,
      databaseUrl: undefined,
      timezone: 'UTC',
    });
  });

  it('reads PORT, DATA_DIR, DEMO and DATABASE_URL', () => {
    const config = loadConfig(
      { PORT: '8080', DATA_DIR: '/var/lib/atrium', DEMO: '0', DATABASE_URL: 'postgres://a@db:5432/x' },
      '/',
    );
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/atrium',
      demo: false,
      databaseUrl: 'postgres://a@db:5432/x',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be a whole number from 0 to 65535/],
    [{ DEMO: 'maybe' }, /DEMO must be 1 or 0/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres:\/\//],
    [{ TIMEZONE: 'Mars/Olympus' }, /TIMEZONE must be an IANA time zone/],
    [{ ACCESS_TOKEN_TTL_SECONDS: '3600' }, /ACCESS_TOKEN_TTL_SECONDS must be a whole number from 10 to 900/],
  ])('refuses %o with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
