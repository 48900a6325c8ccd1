/**
 * Errors that mean "PostgreSQL is not there right now" rather than "this request is wrong":
 * the server was killed or is restarting, a connection was cut, or none can be made. Requests
 * failing this way answer 503 with Retry-After, and the pool reconnects by itself once the
 * database is back.
 */

/** SQLSTATE classes and codes of a lost or refused server (08 connection exception, 57P0x shutdown). */
const unavailableSqlStates = new Set(['57P01', '57P02', '57P03', '53300', '58P01']);

/** Node socket errors when the server's port is closed or the connection drops. */
const unavailableSocketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/** Messages pg gives without a code when a connection ends or cannot be had. */
const unavailableMessages = [
  'Connection terminated',
  'connection terminated',
  'Client has encountered a connection error',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, message, cause, syscall } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      syscall?: unknown;
    };
    if (typeof code === 'string') {
      if (unavailableSqlStates.has(code) || code.startsWith('08')) return true;
      if (unavailableSocketCodes.has(code)) return true;
      // The embedded server's Unix socket is gone while it restarts (connect to a missing path).
      if (code === 'ENOENT' && syscall === 'connect') return true;
    }
    if (typeof message === 'string' && unavailableMessages.some((m) => message.includes(m))) return true;
    e = cause;
  }
  return false;
}

/** Seconds a client should wait before trying again; an embedded PostgreSQL restarts within a few. */
export const RETRY_AFTER_SECONDS = 5;
