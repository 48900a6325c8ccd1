import { z } from 'zod';

/** Every non-2xx answer from /api has this body. */
export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** One entry of `details` on a 400 validation error: which field broke which rule. */
export const FieldIssue = z.object({ field: z.string(), rule: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof FieldIssue>;
