import type { ErrorCode } from '@atrium/contract';

/** The HTTP status of each of the contract's error codes: a new code fails typecheck until it has one. */
export const statusByCode: Record<ErrorCode, number> = {
  validation_failed: 400,
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_your_approval: 403,
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
  busy: 503,
  timeout: 504,
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
