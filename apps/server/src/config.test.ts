import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackHost, loadConfig } from './config';

describe('config', () => {
  it('defaults to port 3000 on loopback, ./data, demo on but not public', () => {
    const config = loadConfig({ TZ: 'UTC' }, '/srv/atrium');
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      demoPublic: false,
      dataDir: '/srv/atrium/data',
      demo: true,
      databaseUrl: undefined,
      timezone: 'UTC',
    });
  });

  it('reads PUBLIC_URL as the origin devices reach Atrium at, and refuses anything else', () => {
    expect(loadConfig({ TZ: 'UTC' }, '/').publicUrl).toBeUndefined();
    expect(loadConfig({ TZ: 'UTC', PUBLIC_URL: 'https://Atrium.example.com:8443/' }, '/').publicUrl).toBe(
      'https://atrium.example.com:8443',
    );
    for (const bad of ['atrium.example.com', 'ftp://atrium.example.com', 'https://atrium.example.com/app'])
      expect(() => loadConfig({ TZ: 'UTC', PUBLIC_URL: bad }, '/')).toThrow(ConfigError);
  });

  it('reads SMTP_URL with MAIL_FROM and PUBLIC_URL, and refuses it without them or with another scheme', () => {
    const base = {
      TZ: 'UTC',
      PUBLIC_URL: 'https://atrium.example.com',
      MAIL_FROM: 'Atrium <atrium@example.com>',
    };
    expect(loadConfig({ TZ: 'UTC' }, '/')).toMatchObject({ smtpUrl: undefined, mailFrom: undefined });
    expect(loadConfig({ ...base, SMTP_URL: 'smtps://u:secret@smtp.example.com:465' }, '/')).toMatchObject({
      smtpUrl: 'smtps://u:secret@smtp.example.com:465',
      mailFrom: 'Atrium <atrium@example.com>',
    });
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig(env, '/');
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        // Start-up errors end up in logs: never with the server's password.
        expect(String(error)).not.toContain('secret');
        return String(error);
      }
      throw new Error('accepted');
    };
    expect(refused({ ...base, SMTP_URL: 'http://u:secret@smtp.example.com' })).toContain('smtp://');
    expect(refused({ ...base, SMTP_URL: 'smtp://u:secret@smtp.example.com', MAIL_FROM: '' })).toContain(
      'MAIL_FROM',
    );
    expect(refused({ ...base, SMTP_URL: 'smtp://u:secret@smtp.example.com', PUBLIC_URL: '' })).toContain(
      'PUBLIC_URL',
    );
    expect(refused({ ...base, MAIL_FROM: 'not an address' })).toContain('MAIL_FROM');
  });

  it('reads DEVICE_CREDENTIALS_KEY as 32 bytes in hex or base64, and refuses anything else without echoing it', () => {
    const key = Buffer.from('00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff', 'hex');
    expect(loadConfig({ TZ: 'UTC' }).deviceCredentialsKey).toBeUndefined();
    expect(
      loadConfig({ DEVICE_CREDENTIALS_KEY: key.toString('hex').toUpperCase() }).deviceCredentialsKey,
    ).toEqual(key);
    expect(
      loadConfig({ DEVICE_CREDENTIALS_KEY: `${key.toString('base64')}\n` }).deviceCredentialsKey,
    ).toEqual(key);
    expect(loadConfig({ DEVICE_CREDENTIALS_KEY: key.toString('base64url') }).deviceCredentialsKey).toEqual(
      key,
    );
    for (const bad of [
      key.toString('hex').slice(2), // 31 bytes
      `${key.toString('hex')}00`, // 33 bytes
      `${key.toString('hex').slice(1)}g`, // not hex
      Buffer.alloc(24).toString('base64'),
      `${key.toString('base64').slice(0, 42)}!=`,
      'correct horse battery staple',
    ]) {
      expect(() => loadConfig({ DEVICE_CREDENTIALS_KEY: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ DEVICE_CREDENTIALS_KEY: bad })).toThrow(
        /^DEVICE_CREDENTIALS_KEY must be 32 bytes written as 64 hex digits or in base64/,
      );
      expect(() => loadConfig({ DEVICE_CREDENTIALS_KEY: bad })).not.toThrow(bad);
    }
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
      databaseListenUrl: 'postgres://a@db:5432/x',
      databasePoolMode: 'session',
    });
  });

  it('reads a transaction-mode pooler in DATABASE_URL, with the direct URL LISTEN needs', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://a@pgbouncer:6432/x',
      DATABASE_POOL_MODE: 'transaction',
      DATABASE_LISTEN_URL: 'postgres://a@db:5432/x',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://a@pgbouncer:6432/x',
      databaseListenUrl: 'postgres://a@db:5432/x',
      databasePoolMode: 'transaction',
    });
  });

  it('sizes the main pool at two connections per core, at least four, unless DATABASE_POOL_SIZE says', () => {
    expect(loadConfig({}).databasePoolSize).toBe(Math.max(4, 2 * availableParallelism()));
    expect(loadConfig({ DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
  });

  it('reads HOST, and DEMO=public as a demo deliberately served to the network', () => {
    expect(loadConfig({ HOST: '0.0.0.0', DEMO: 'public' })).toMatchObject({
      host: '0.0.0.0',
      demo: true,
      demoPublic: true,
    });
    expect(loadConfig({ DEMO: 'PUBLIC' }).demoPublic).toBe(true);
    expect(loadConfig({ DEMO: '1' })).toMatchObject({ demo: true, demoPublic: false });
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
  });

  it('limits every statement, and gives reports a pool of their own, one connection per core, with a bounded queue', () => {
    expect(loadConfig({})).toMatchObject({
      statementTimeoutMs: 15_000,
      reportsPoolSize: Math.max(1, availableParallelism()),
      reportsStatementTimeoutMs: 300_000,
      reportsQueueLimit: 100,
      reportsQueueTimeoutMs: 60_000,
    });
    expect(
      loadConfig({
        STATEMENT_TIMEOUT_MS: '0',
        REPORTS_POOL_SIZE: '5',
        REPORTS_STATEMENT_TIMEOUT_MS: '600000',
        REPORTS_QUEUE_LIMIT: '10',
        REPORTS_QUEUE_TIMEOUT_MS: '5000',
      }),
    ).toMatchObject({
      statementTimeoutMs: 0,
      reportsPoolSize: 5,
      reportsStatementTimeoutMs: 600_000,
      reportsQueueLimit: 10,
      reportsQueueTimeoutMs: 5000,
    });
  });

  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.10', false],
    ['atrium.example.com', false],
    ['127.0.0.1.example.com', false],
  ])('knows whether %s is loopback (%s)', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be a whole number from 0 to 65535/],
    [{ DEMO: 'maybe' }, /DEMO must be 1, 0 or public, got "maybe"/],
    [{ DATABASE_POOL_SIZE: '0' }, /DATABASE_POOL_SIZE must be a whole number from 1 to 1000/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres:\/\//],
    [
      { DATABASE_URL: 'postgres://a@db/x', DATABASE_POOL_MODE: 'statement' },
      /DATABASE_POOL_MODE must be session or/,
    ],
    [
      { DATABASE_URL: 'postgres://a@pgbouncer/x', DATABASE_POOL_MODE: 'transaction' },
      /DATABASE_POOL_MODE=transaction needs DATABASE_LISTEN_URL/,
    ],
    [{ DATABASE_LISTEN_URL: 'postgres://a@db/x' }, /describe the server in DATABASE_URL, which is not set/],
    [{ DATABASE_URL: 'postgres://a@db/x', DATABASE_LISTEN_URL: 'db:5432' }, /DATABASE_LISTEN_URL must/],
    [{ TIMEZONE: 'Mars/Olympus' }, /TIMEZONE must be an IANA time zone/],
    [{ ACCESS_TOKEN_TTL_SECONDS: '3600' }, /ACCESS_TOKEN_TTL_SECONDS must be a whole number from 10 to 900/],
    [{ REPORTS_POOL_SIZE: '0' }, /REPORTS_POOL_SIZE must be a whole number from 1 to 100, got "0"/],
    [{ STATEMENT_TIMEOUT_MS: '15s' }, /STATEMENT_TIMEOUT_MS must be a whole number from 0 to 3600000/],
  ])('refuses %o with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
