/** One problem a schema found, as Zod reports it (only what the form needs). */
interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * The first problem per top-level field of a failed contract-schema parse, as the form shows it:
 * the field's label, then the contract's rule ("Name must be at most 80 characters"). A form
 * that validates with the same schema as the server cannot accept what the server refuses.
 */
export function fieldErrors<F extends string>(
  issues: readonly Issue[],
  labels: Record<F, string>,
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(field in labels)) continue;
    const key = field as F;
    errors[key] ??= `${labels[key]} ${issue.message}`;
  }
  return errors;
}
