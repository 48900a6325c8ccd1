import { type PeopleCsvColumn, type PeopleImportIssue, PersonFields } from '@atrium/contract';
import { fieldWords } from '../../core/text';
import type { NewUser } from './people.repository';
import type { CsvPerson } from './people-csv';

/** A row that passed the row checks, ready for insertUsers (no password: invited later). */
export interface ImportPerson extends NewUser {
  line: number;
  startDate: string | null;
}

/** The import's columns; a last working day is set on the person page, not imported. */
const COLUMN_OF: Record<Exclude<keyof PersonFields, 'endDate'>, PeopleCsvColumn> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  employeeNumber: 'employee_number',
  badgeNumber: 'badge_number',
  departmentId: 'department',
  role: 'role',
  startDate: 'start_date',
  siteId: 'site',
};

/**
 * Each row on its own, with the Add Person form's rules (the contract's PersonFields) after its
 * department and site names are looked up (case aside). A blank role means staff; a blank
 * department or start date means none; a blank site (or no site column) means the department's.
 */
export function checkRows(
  people: CsvPerson[],
  departmentIds: Map<string, number>,
  siteIds: Map<string, number>,
): { issues: PeopleImportIssue[]; valid: ImportPerson[] } {
  const issues: PeopleImportIssue[] = [];
  const valid: ImportPerson[] = [];
  for (const { line, cells, overflow, notUtf8 } of people) {
    const before = issues.length;
    for (const column of notUtf8) {
      issues.push({
        line,
        field: column,
        rule: 'utf8',
        message: `${fieldWords(column)} must be UTF-8 text (save the file as CSV UTF-8)`,
      });
    }
    if (overflow) {
      issues.push({
        line,
        field: 'row',
        rule: 'column_count',
        message: 'The row has more cells than the header has columns (quote a cell that holds a comma)',
      });
    }
    let departmentId: number | null = null;
    if (cells.department && !notUtf8.includes('department')) {
      departmentId = departmentIds.get(cells.department.toLowerCase()) ?? null;
      if (departmentId === null) {
        issues.push({
          line,
          field: 'department',
          rule: 'unknown',
          message: `Department "${cells.department}" does not exist`,
        });
      }
    }
    let siteId: number | null = null;
    if (cells.site && !notUtf8.includes('site')) {
      siteId = siteIds.get(cells.site.toLowerCase()) ?? null;
      if (siteId === null) {
        issues.push({ line, field: 'site', rule: 'unknown', message: `Site "${cells.site}" does not exist` });
      }
    }
    const parsed = PersonFields.safeParse({
      firstName: cells.first_name,
      lastName: cells.last_name,
      email: cells.email,
      employeeNumber: cells.employee_number,
      badgeNumber: cells.badge_number,
      departmentId,
      role: cells.role.toLowerCase() || 'staff',
      startDate: cells.start_date || null,
      siteId,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column: PeopleCsvColumn | undefined = COLUMN_OF[issue.path[0] as keyof typeof COLUMN_OF];
        // What the bad bytes became says nothing more about the cell.
        if (column && notUtf8.includes(column)) continue;
        const blank = column !== undefined && cells[column] === '';
        const message = column === 'role' ? 'must be admin or staff' : issue.message;
        issues.push({
          line,
          field: column ?? 'row',
          rule: blank ? 'required' : issue.code,
          message: `${column ? fieldWords(column) : 'The row'} ${message}`,
        });
      }
    }
    if (parsed.success && issues.length === before) {
      const p = parsed.data;
      valid.push({ ...p, line, passwordHash: null });
    }
  }
  return { issues, valid };
}

/** The identifiers that must be unique in the organisation, with the column each comes from. */
const UNIQUE: { column: PeopleCsvColumn; of: (p: ImportPerson) => string }[] = [
  { column: 'email', of: (p) => p.email },
  { column: 'employee_number', of: (p) => p.employeeNumber },
  { column: 'badge_number', of: (p) => p.badgeNumber },
];

/** What the database already holds, by column (emails in lower case, as stored). */
export type TakenIdentifiers = Record<'email' | 'employee_number' | 'badge_number', Set<string>>;

/**
 * The checks across rows: an email, employee number or badge number that someone already has,
 * or that two rows of the file share (each such row names the others' lines).
 */
export function duplicateIssues(people: ImportPerson[], taken: TakenIdentifiers): PeopleImportIssue[] {
  const issues: PeopleImportIssue[] = [];
  for (const { column, of } of UNIQUE) {
    const lines = new Map<string, number[]>();
    for (const person of people) {
      const value = of(person);
      const seen = lines.get(value);
      if (seen) seen.push(person.line);
      else lines.set(value, [person.line]);
    }
    const label = fieldWords(column);
    for (const person of people) {
      const value = of(person);
      if (taken[column as keyof TakenIdentifiers].has(value)) {
        issues.push({
          line: person.line,
          field: column,
          rule: 'taken',
          message: `${label} ${value} already belongs to someone`,
        });
      }
      const shared = lines.get(value)!;
      if (shared.length > 1) {
        const others = shared.filter((l) => l !== person.line);
        issues.push({
          line: person.line,
          field: column,
          rule: 'duplicate_in_file',
          message: `${label} ${value} is also on line${others.length > 1 ? 's' : ''} ${others.join(', ')}`,
        });
      }
    }
  }
  return issues;
}
