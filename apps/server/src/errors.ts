export type ErrorCode =
  | 'validation_failed'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'too_many_requests'
  | 'internal';

const statusByCode: Record<ErrorCode, number> = {
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  too_many_requests: 429,
  internal: 500,
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
