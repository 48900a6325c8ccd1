import {
  type Department,
  type Invitation,
  PEOPLE_IMPORT_MAX_LISTED,
  type PeopleImportIssue,
  type PeopleImportResponse,
  type PersonRow,
  type Role,
  type UsersResponse,
} from '@atrium/contract';
import type { DomainEvent } from '../../core/events/bus';
import { encodeNameCursor } from './name-cursor';
import type { PersonListRow } from './people.repository';

export const toPersonRow = (row: PersonListRow): PersonRow => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  email: row.email,
  role: row.role as Role,
  department_id: row.department_id,
  department_name: row.department_name,
  employee_number: row.employee_number,
  badge_number: row.badge_number,
  start_date: row.start_date,
  end_date: row.end_date,
  active: row.active,
  site_id: row.site_id,
  site: row.site,
  home_site_id: row.home_site_id,
});

/** A page of people: `rows` holds one more than `limit` when another page follows. */
export function toUsersPage(rows: PersonListRow[], limit: number): UsersResponse {
  const users = rows.slice(0, limit).map(toPersonRow);
  const last = users[users.length - 1];
  return {
    users,
    next_cursor:
      rows.length > limit && last
        ? encodeNameCursor({ lastName: last.last_name, firstName: last.first_name, id: last.id })
        : null,
  };
}

/** A link to set a password, shown once to the administrator. */
/** `page`: the invitation page, or the reset page of a link the person asked for themselves. */
export const toInvitation = (
  origin: string,
  token: string,
  expiresAt: Date,
  page: 'invite' | 'reset-password' = 'invite',
): Invitation => ({
  inviteUrl: `${origin}/${page}/${token}`,
  expiresAt: expiresAt.toISOString(),
});

/**
 * What an import answers: the preview of a dry run (or the errors of a real one), errors by line,
 * the first PEOPLE_IMPORT_MAX_LISTED of them. `valid` counts the rows without an error.
 */
export function toImportPreview(
  rows: number,
  valid: { line: number }[],
  issues: PeopleImportIssue[],
): PeopleImportResponse {
  const wrong = new Set(issues.map((i) => i.line));
  const errors = [...issues].sort((a, b) => a.line - b.line).slice(0, PEOPLE_IMPORT_MAX_LISTED);
  return {
    rows,
    valid: valid.filter((p) => !wrong.has(p.line)).length,
    errorCount: issues.length,
    errors,
    created: 0,
  };
}

/** A real import that wrote every row. */
export const toImportDone = (rows: number, created: number): PeopleImportResponse => ({
  rows,
  valid: rows,
  errorCount: 0,
  errors: [],
  created,
});

/** A department as the pickers list it (people's own read of departments). */
export interface DepartmentListRow {
  id: number;
  name: string;
  manager_id: number | null;
  parent_id: number | null;
  site_id: number;
  site: string;
}

export const toDepartment = (row: DepartmentListRow): Department => ({
  id: row.id,
  name: row.name,
  manager_id: row.manager_id,
  parent_id: row.parent_id,
  site_id: row.site_id,
  site: row.site,
});

/** People whose standing changed: every process drops their cached sessions. */
export const usersChanged = (userIds: number[]): DomainEvent => ({ kind: 'users_changed', userIds });
