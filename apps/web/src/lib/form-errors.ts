import { isApiError } from './api';

/** One problem a schema found, as Zod reports it (only what the form needs). */
interface Issue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
}

/** The message shown under each field of a form that has a problem. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * Sentences that replace "<label> <contract rule>" for some rules of some fields, keyed by the
 * Zod issue code (`invalid_type` for a missing value, `too_small`, `too_big`, ...): where the spec
 * words a message itself, the form shows the spec's words.
 */
export type Wording<F extends string> = Partial<Record<F, Partial<Record<string, string>>>>;

/**
 * The first problem per top-level field of a failed contract-schema parse, as the form shows it:
 * the field's label, then the contract's rule ("Name must be at most 80 characters"), unless
 * `wording` gives the spec's sentence for that rule.
 */
export function fieldErrors<F extends string>(
  issues: readonly Issue[],
  labels: Record<F, string>,
  wording: Wording<F> = {},
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(field in labels)) continue;
    const key = field as F;
    errors[key] ??= wording[key]?.[issue.code ?? ''] ?? `${labels[key]} ${issue.message}`;
  }
  return errors;
}

/** What a contract schema's safeParse answers (structurally, so lib needs no zod import). */
interface SafeParser<T> {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
}

export type Checked<T, F extends string> = { ok: true; data: T } | { ok: false; errors: FieldErrors<F> };

/**
 * A form's request checked with the contract's own request schema, so the form refuses exactly
 * what the server would refuse (lengths included) before anything is sent.
 */
export function checkForm<T, F extends string>(
  schema: SafeParser<T>,
  input: unknown,
  labels: Record<F, string>,
  wording?: Wording<F>,
): Checked<T, F> {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, errors: fieldErrors(parsed.error.issues, labels, wording) };
}

/**
 * The field messages of a server 400 (its details name field and rule) for the fields the form
 * shows; empty for any other failure. `wording`, keyed by the detail's rule, gives the form's own
 * sentence where the server's message names the field by its API name.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  labels: Record<F, string>,
  wording: Wording<F> = {},
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  if (!isApiError(error) || !Array.isArray(error.details)) return errors;
  for (const detail of error.details as { field?: unknown; rule?: unknown; message?: unknown }[]) {
    if (typeof detail.field !== 'string' || !(detail.field in labels)) continue;
    const field = detail.field as F;
    errors[field] ??= wording[field]?.[String(detail.rule)] ?? String(detail.message);
  }
  return errors;
}
