import { z } from 'zod';

/**
 * Every `error.code` the API answers with. The server maps each to its HTTP status (a new code
 * fails its typecheck until it has one); the web switches on them by type.
 */
export const ERROR_CODES = [
  'validation_failed',
  /** A request HTTP itself rejects: malformed JSON, a broken URL, a body of the wrong type. */
  'bad_request',
  'unauthorized',
  'forbidden',
  /** Nobody decides their own application (leave, attendance corrections): another must. */
  'not_your_approval',
  'not_found',
  'conflict',
  'payload_too_large',
  'uri_too_long',
  'unsupported_media_type',
  'unprocessable',
  'too_many_requests',
  'headers_too_large',
  'internal',
  /** PostgreSQL is down or restarting; the answer carries Retry-After. */
  'database_unavailable',
  /** The server is stopping. */
  'unavailable',
  /** Reports and exports are all taken and the queue for them is full or waited too long; Retry-After says when to try again. */
  'busy',
  /** A statement ran past its time limit (or was cancelled) and was stopped. */
  'timeout',
] as const;
export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** Every non-2xx answer from /api has this body. */
export const ErrorBody = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** One entry of `details` on a 400 validation error: which field broke which rule. */
export const FieldIssue = z.object({ field: z.string(), rule: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof FieldIssue>;
