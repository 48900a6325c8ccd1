/** SQLSTATE query_canceled: past the session's statement_timeout, or stopped by a cancel request. */
const QUERY_CANCELED = '57014';

/** A statement PostgreSQL stopped before it finished; the request answers 504 `timeout`. */
export function isStatementCancelled(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    if ((e as { code?: unknown }).code === QUERY_CANCELED) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
