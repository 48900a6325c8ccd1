import { CreateAccessGrantRequest } from '@atrium/contract';
import { checkForm, type Wording } from './form-errors';

/** A grant's optional first and last day, as date fields hold them ('' when empty). */
export interface Validity {
  valid_from: string;
  valid_until: string;
}

/** The dates as a grant request takes them: left out when empty. */
export const validityBody = (value: Validity) => ({
  valid_from: value.valid_from || undefined,
  valid_until: value.valid_until || undefined,
});

/** Who a level is granted to: a whole department or one person. */
export type Grantee = { kind: 'department'; id: number | null } | { kind: 'person'; id: number | null };

export const GRANT_LABELS = {
  level_id: 'Access level',
  user_id: 'Person',
  department_id: 'Department',
  valid_from: 'Valid from',
  valid_until: 'Valid until',
};
export type GrantField = keyof typeof GRANT_LABELS;

/** The contract's rules in the form's words, where its message names API fields. */
export const GRANT_WORDING: Wording<GrantField> = {
  level_id: { invalid_type: 'Choose an access level' },
  user_id: { invalid_type: 'Choose a person', custom: 'Choose a person' },
  department_id: { invalid_type: 'Choose a department' },
  valid_until: { custom: 'Valid until must not be before Valid from' },
};

/**
 * A grant request from the form, checked with the contract's CreateAccessGrantRequest: the form
 * refuses what the server would (no one chosen, dates in the wrong order) before sending.
 */
export function checkGrantForm(levelId: number | null, grantee: Grantee, validity: Validity) {
  const whom =
    grantee.kind === 'department'
      ? { department_id: grantee.id ?? undefined }
      : { user_id: grantee.id ?? undefined };
  const body = { level_id: levelId ?? undefined, ...whom, ...validityBody(validity) };
  const checked = checkForm(CreateAccessGrantRequest, body, GRANT_LABELS, GRANT_WORDING);
  // Neither chosen reads as "name either user_id or department_id" on user_id: say which is missing.
  if (!checked.ok && grantee.id === null) {
    delete checked.errors.user_id;
    checked.errors[grantee.kind === 'department' ? 'department_id' : 'user_id'] =
      grantee.kind === 'department' ? 'Choose a department' : 'Choose a person';
  }
  return checked;
}
