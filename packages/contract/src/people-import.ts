import { z } from 'zod';
import { IdParam, Text } from './common';
import { endpoint } from './endpoint';

/**
 * The columns of a people CSV, in the template's order: PersonFields in snake_case, the
 * department by name. An import needs every one in its header (in any order); start_date and
 * department may be blank in a row, and a blank role means staff.
 */
export const PEOPLE_CSV_COLUMNS = [
  'first_name',
  'last_name',
  'email',
  'employee_number',
  'badge_number',
  'department',
  'role',
  'start_date',
] as const;
/**
 * Columns an import reads when the header has them: `site`, a person's own site by name (blank:
 * they follow their department's site).
 */
export const PEOPLE_CSV_OPTIONAL_COLUMNS = ['site'] as const;
/**
 * The export's last column, which an import takes in its header so an exported file reads back,
 * and does not read: imported people are active.
 */
export const PEOPLE_CSV_STATUS_COLUMN = 'status';
export type PeopleCsvColumn =
  | (typeof PEOPLE_CSV_COLUMNS)[number]
  | (typeof PEOPLE_CSV_OPTIONAL_COLUMNS)[number];

/** The largest file an import takes (a 413 above it) and the most people in one. */
export const PEOPLE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const PEOPLE_IMPORT_MAX_ROWS = 20_000;
/** An answer lists at most this many errors (the first by line); `errorCount` has them all. */
export const PEOPLE_IMPORT_MAX_LISTED = 1000;

/** `dryRun=1` checks every row and writes nothing. */
export const PeopleImportQuery = z.object({
  dryRun: z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional(),
});
export type PeopleImportQuery = z.infer<typeof PeopleImportQuery>;

/**
 * One thing wrong with the file: `line` is the line of the file as a spreadsheet numbers it
 * (the header is line 1), `field` the column (or `header`, `file`).
 */
export const PeopleImportIssue = z.object({
  line: z.number().int(),
  field: z.string(),
  rule: z.string(),
  message: z.string(),
});
export type PeopleImportIssue = z.infer<typeof PeopleImportIssue>;

export const PeopleImportResponse = z.object({
  /** People rows in the file (blank lines not counted). */
  rows: z.number().int(),
  /** Rows without any error. */
  valid: z.number().int(),
  errorCount: z.number().int(),
  /** The first PEOPLE_IMPORT_MAX_LISTED errors, by line. */
  errors: z.array(PeopleImportIssue),
  /** People written: 0 on a dry run. */
  created: z.number().int(),
});
export type PeopleImportResponse = z.infer<typeof PeopleImportResponse>;

/** The people list's filters (the names GET /api/users uses); `status` defaults to active. */
export const PeopleExportQuery = z.object({
  search: Text(100).optional(),
  department: IdParam.optional(),
  status: z
    .enum(['active', 'disabled', 'all'], { error: 'must be active, disabled or all' })
    .default('active'),
});
export type PeopleExportQuery = z.infer<typeof PeopleExportQuery>;

export const peopleImportApi = {
  importPeople: endpoint({
    method: 'POST',
    path: '/users/import',
    audience: 'admin',
    summary:
      'Creates people from a CSV body (Content-Type text/csv, at most 5 MB and 20,000 rows): every row or none. ' +
      'dryRun=1 answers the same preview without writing; a file with errors answers 400 with them in details.',
    query: PeopleImportQuery,
    response: PeopleImportResponse,
  }),
  importTemplate: endpoint({
    method: 'GET',
    path: '/users/import/template',
    audience: 'admin',
    summary: 'The import template: the header row and one example row',
    produces: 'file',
  }),
  exportPeople: endpoint({
    method: 'GET',
    path: '/users/export',
    audience: 'admin',
    summary: 'CSV of the people the filters leave, in name order (streamed)',
    query: PeopleExportQuery,
    produces: 'file',
  }),
};
