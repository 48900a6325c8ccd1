export type ErrorCode =
  | 'validation_failed'
  /** A request HTTP itself rejects: malformed JSON, a broken URL, a body of the wrong type. */
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'uri_too_long'
  | 'unsupported_media_type'
  | 'unprocessable'
  | 'too_many_requests'
  | 'headers_too_large'
  | 'internal'
  /** PostgreSQL is down or restarting; the answer carries Retry-After. */
  | 'database_unavailable'
  /** The server is stopping. */
  | 'unavailable';

export const statusByCode: Record<ErrorCode, number> = {
  validation_failed: 400,
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  unprocessable: 422,
  too_many_requests: 429,
  headers_too_large: 431,
  internal: 500,
  database_unavailable: 503,
  unavailable: 503,
};

/** The one error services throw; the HTTP layer maps `code` to a status. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = statusByCode[code];
  }
}

export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError('forbidden', message);
export const unauthorized = (message = 'Sign in to continue') => new AppError('unauthorized', message);
export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
