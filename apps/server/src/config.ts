import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /**
   * Where the event bus LISTENs: PostgreSQL itself, never a transaction-mode pooler, which would
   * hand the LISTEN's session to others (DATABASE_LISTEN_URL, default: DATABASE_URL).
   */
  databaseListenUrl: string | undefined;
  /** Connections of the main pool (DATABASE_POOL_SIZE; default defaultPoolSize()). */
  databasePoolSize: number;
  /** `transaction` when DATABASE_URL is a transaction-mode pooler such as PgBouncer (DATABASE_POOL_MODE). */
  databasePoolMode: 'session' | 'transaction';
  dataDir: string;
  /** Seed the demo organisation (DEMO=1, the default, or DEMO=public). */
  demo: boolean;
  /**
   * DEMO=public: the operator says in words that the demo accounts may sign in with their
   * published passwords on a network address (a showroom). Without it they only may on loopback.
   */
  demoPublic: boolean;
  timezone: string;
  trustProxy: boolean;
  /**
   * How devices reach Atrium (PUBLIC_URL, e.g. https://atrium.example.com): the origin of the push
   * URL Atrium gives them. Unset: the origin the administrator's browser used.
   */
  publicUrl: string | undefined;
  /**
   * The AES-256-GCM key of devices' command passwords (DEVICE_CREDENTIALS_KEY), kept out of the
   * database so a dump of it does not open the doors. Unset: DATA_DIR/device-credentials.key.
   */
  deviceCredentialsKey: Buffer | undefined;
  /**
   * Where mail goes (SMTP_URL, e.g. smtps://user:password@smtp.example.com:465). Unset: messages
   * are still written to the outbox, which administrators read in Organisation > Outbox.
   */
  smtpUrl: string | undefined;
  /** The From of every message (MAIL_FROM, e.g. "Atrium <atrium@example.com>"); needed with SMTP_URL. */
  mailFrom: string | undefined;
  logLevel: string;
  /** A request slower than this is logged at info; every other request only at debug (SLOW_REQUEST_MS). */
  slowRequestMs: number;
  /** Where the built web app lives; undefined serves the API alone. */
  webDist: string | undefined;
  accessTokenTtlSeconds: number;
  sessionMaxAgeSeconds: number;
  heartbeatMs: number;
  shutdownGraceMs: number;
  /** On stop, how long /api/health answers 503 `draining` while requests are still served. */
  shutdownDrainMs: number;
  /** Run the camera pipelines (VIDEO=0 serves the video API without them). */
  video: boolean;
  /** Serve the demo cameras from the built-in simulator (SIMULATE_CAMERAS, default: with the demo). */
  simulateCameras: boolean;
  /** Play the demo's door controllers with the built-in simulator (SIMULATE_DEVICES, default: with the demo). */
  simulateDevices: boolean;
  /** A device silent this long (not even a heartbeat) turns offline with an alert. */
  deviceOfflineAfterSeconds: number;
  /** Recording pauses with an alert while the video disk has less free space (MB). */
  videoMinFreeMb: number;
  /** Length of a recorded segment file (seconds). */
  videoSegmentSeconds: number;
  /** How long the event log keeps events, for live sockets (and later readers) that were away. */
  eventLogRetentionHours: number;
  /** PostgreSQL stops a statement of the main pool that runs longer (0: never). */
  statementTimeoutMs: number;
  /** The reports and exports' own pool (db/reports-pool.ts). */
  reportsPoolSize: number;
  /** PostgreSQL stops a report's statement (a streamed export: the whole stream) that runs longer (0: never). */
  reportsStatementTimeoutMs: number;
  /** Report and export queries that may wait for a connection of their pool. */
  reportsQueueLimit: number;
  /** How long one may wait. */
  reportsQueueTimeoutMs: number;
}

/**
 * Three days: a socket, or a reader of the log that was away over a weekend, still catches up;
 * at a large site's 200,000 door events a day the log stays under a million rows.
 */
export const DEFAULT_EVENT_LOG_RETENTION_HOURS = 72;

/**
 * Two connections per core of this machine, at least four: PostgreSQL's own rule of thumb. A
 * status read's statement takes a tenth of a millisecond; with more connections than cores can
 * run, the server processes take turns on the cores, and at 20 concurrent reads on 2 cores ten
 * connections served a third fewer than four (docs/performance.md, "Small reads"). Raise it when
 * the database runs on a larger machine of its own.
 */
export function defaultPoolSize(): number {
  return Math.max(4, 2 * availableParallelism());
}

/**
 * One report connection per core of this machine. A month report keeps its PostgreSQL process busy
 * for seconds, so more of them than cores only take turns, and every turn is a core a status read
 * waits for: on 2 cores, beside 10 clients asking for month reports at 50,000 people, three
 * connections kept my-status's p99 under 50 ms in 3 runs of 8 (36-96 ms, median 62) and two
 * in 5 of 7 (18-72 ms, median 42), with as many reports answered (docs/performance.md, "Month reports beside small
 * reads").
 */
export function defaultReportsPoolSize(): number {
  return Math.max(1, availableParallelism());
}

/** A second: far above any small read's time, well below what a person notices as a stall. */
export const DEFAULT_SLOW_REQUEST_MS = 1000;

export class ConfigError extends Error {}

/** apps/web/dist, found from this file both in the source tree and in the server bundle. */
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be 1 or 0 (true or false), got "${raw}"`);
}

/** DEMO is 1 or 0 like any flag, or `public` for a demo deliberately served to the network. */
function demoMode(env: NodeJS.ProcessEnv): { demo: boolean; demoPublic: boolean } {
  const raw = env.DEMO;
  if (raw?.toLowerCase() === 'public') return { demo: true, demoPublic: true };
  try {
    return { demo: flag(env, 'DEMO', true), demoPublic: false };
  } catch {
    throw new ConfigError(`DEMO must be 1, 0 or public, got "${raw}"`);
  }
}

/** Addresses only this machine can reach: 127.0.0.0/8, ::1 and the name localhost. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return (
    h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || /^::ffff:127(\.\d{1,3}){3}$/.test(h)
  );
}

function timezone(env: NodeJS.ProcessEnv): string {
  const tz = env.TIMEZONE || env.TZ || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
  } catch {
    throw new ConfigError(`TIMEZONE must be an IANA time zone such as Europe/London, got "${tz}"`);
  }
  return tz;
}

/** PUBLIC_URL as an origin (scheme, host, port; no path), or undefined when unset. */
function publicUrl(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.PUBLIC_URL;
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an address such as https://atrium.example.com, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`PUBLIC_URL must start with http:// or https://, got "${raw}"`);
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.username)
    throw new ConfigError(`PUBLIC_URL must be an origin only (no path, query or user), got "${raw}"`);
  return url.origin;
}

/**
 * A 32-byte key as 64 hex digits or base64 (`openssl rand -hex 32`, `openssl rand -base64 32`).
 * The error gives the length only: the value is a secret and start-up errors end up in logs.
 */
export function parseKey(raw: string, name: string): Buffer {
  const text = raw.trim();
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return Buffer.from(text, 'base64');
  throw new ConfigError(
    `${name} must be 32 bytes written as 64 hex digits or in base64 (e.g. openssl rand -hex 32), got ${text.length} characters`,
  );
}

function postgresUrl(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL such as postgres://user@host:5432/atrium`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(`${name} must start with postgres://, got "${url.protocol}//"`);
  }
  return raw;
}

/**
 * DATABASE_URL, and the two settings that only mean something with it: the pooler's mode, and
 * the direct URL the bus listens on. Behind a transaction-mode pooler that URL must be given,
 * since a LISTEN through the pooler would take no notifications and no error either.
 */
function database(
  env: NodeJS.ProcessEnv,
): Pick<Config, 'databaseUrl' | 'databaseListenUrl' | 'databasePoolMode' | 'databasePoolSize'> {
  const databaseUrl = postgresUrl(env, 'DATABASE_URL');
  const listenUrl = postgresUrl(env, 'DATABASE_LISTEN_URL');
  const mode = env.DATABASE_POOL_MODE || 'session';
  if (mode !== 'session' && mode !== 'transaction') {
    throw new ConfigError(`DATABASE_POOL_MODE must be session or transaction, got "${mode}"`);
  }
  if (!databaseUrl && (listenUrl || mode !== 'session')) {
    throw new ConfigError(
      'DATABASE_LISTEN_URL and DATABASE_POOL_MODE describe the server in DATABASE_URL, which is not set',
    );
  }
  if (mode === 'transaction' && !listenUrl) {
    throw new ConfigError(
      'DATABASE_POOL_MODE=transaction needs DATABASE_LISTEN_URL: a direct URL to PostgreSQL for LISTEN',
    );
  }
  return {
    databaseUrl,
    databaseListenUrl: listenUrl ?? databaseUrl,
    databasePoolMode: mode,
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', defaultPoolSize(), 1, 1000),
  };
}

/**
 * SMTP_URL and MAIL_FROM. Mailed links take their address from PUBLIC_URL, never from a request:
 * a forgot-password request sent with a forged Host would otherwise mail the victim a link to the
 * forger's site, carrying a working token. The errors name no password: they end up in logs.
 */
function mail(env: NodeJS.ProcessEnv, origin: string | undefined): Pick<Config, 'smtpUrl' | 'mailFrom'> {
  const raw = env.SMTP_URL;
  const mailFrom = env.MAIL_FROM?.trim() || undefined;
  if (mailFrom && !/^([^<>]*<)?[^\s@<>]+@[^\s@<>]+(>)?$/.test(mailFrom)) {
    throw new ConfigError(
      `MAIL_FROM must be an address such as "Atrium <atrium@example.com>", got "${mailFrom}"`,
    );
  }
  if (!raw) return { smtpUrl: undefined, mailFrom };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('SMTP_URL must be a URL such as smtps://user:password@smtp.example.com:465');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new ConfigError(`SMTP_URL must start with smtp:// or smtps://, got "${url.protocol}//"`);
  if (!mailFrom) throw new ConfigError('SMTP_URL needs MAIL_FROM: the address messages are sent from');
  if (!origin) throw new ConfigError('SMTP_URL needs PUBLIC_URL: the address the links in mails lead to');
  return { smtpUrl: raw, mailFrom };
}

/** Reads and checks the environment once at start; a bad value stops the start with its reason. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const logLevel = env.LOG_LEVEL || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent`);
  }
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    // Loopback unless the operator asks for the network: a fresh install serves no one else.
    host: env.HOST?.trim() || '127.0.0.1',
    ...database(env),
    dataDir: path.resolve(cwd, env.DATA_DIR || 'data'),
    ...demoMode(env),
    timezone: timezone(env),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    publicUrl: publicUrl(env),
    deviceCredentialsKey: env.DEVICE_CREDENTIALS_KEY
      ? parseKey(env.DEVICE_CREDENTIALS_KEY, 'DEVICE_CREDENTIALS_KEY')
      : undefined,
    ...mail(env, publicUrl(env)),
    logLevel,
    slowRequestMs: integer(env, 'SLOW_REQUEST_MS', DEFAULT_SLOW_REQUEST_MS, 0, 3_600_000),
    webDist:
      env.WEB_DIST === '' ? undefined : env.WEB_DIST ? path.resolve(cwd, env.WEB_DIST) : defaultWebDist,
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL_SECONDS', 900, 10, 900),
    sessionMaxAgeSeconds: integer(env, 'SESSION_MAX_AGE_SECONDS', 12 * 3600, 60, 12 * 3600),
    heartbeatMs: integer(env, 'WS_HEARTBEAT_MS', 30_000, 100, 600_000),
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_MS', 10_000, 0, 120_000),
    shutdownDrainMs: integer(env, 'SHUTDOWN_DRAIN_MS', 0, 0, 120_000),
    video: flag(env, 'VIDEO', true),
    simulateCameras: flag(env, 'SIMULATE_CAMERAS', demoMode(env).demo),
    simulateDevices: flag(env, 'SIMULATE_DEVICES', demoMode(env).demo),
    deviceOfflineAfterSeconds: integer(env, 'DEVICE_OFFLINE_AFTER_SECONDS', 120, 5, 86_400),
    videoMinFreeMb: integer(env, 'VIDEO_MIN_FREE_MB', 500, 0, 10_000_000),
    videoSegmentSeconds: integer(env, 'VIDEO_SEGMENT_SECONDS', 60, 2, 600),
    eventLogRetentionHours: integer(
      env,
      'EVENT_LOG_RETENTION_HOURS',
      DEFAULT_EVENT_LOG_RETENTION_HOURS,
      1,
      24 * 366,
    ),
    statementTimeoutMs: integer(env, 'STATEMENT_TIMEOUT_MS', 15_000, 0, 3_600_000),
    reportsPoolSize: integer(env, 'REPORTS_POOL_SIZE', defaultReportsPoolSize(), 1, 100),
    reportsStatementTimeoutMs: integer(env, 'REPORTS_STATEMENT_TIMEOUT_MS', 300_000, 0, 86_400_000),
    reportsQueueLimit: integer(env, 'REPORTS_QUEUE_LIMIT', 100, 0, 100_000),
    reportsQueueTimeoutMs: integer(env, 'REPORTS_QUEUE_TIMEOUT_MS', 60_000, 0, 3_600_000),
  };
}
