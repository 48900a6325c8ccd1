import type { PeopleExportQuery, PeopleImportIssue, PeopleImportResponse } from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import type { OrgClock } from '../../core/clock';
import { AppError } from '../../core/errors';
import type { EventBus } from '../../core/events/bus';
import type { ReportsDb } from '../../core/module';
import { authorize } from '../../core/policies';
import { siteCountsChanged } from '../../core/site-events';
import type { Database } from '../../db/schema';
import { toImportDone, toImportPreview } from './people.presenter';
import { insertUsers } from './people.repository';
import { parsePeopleCsv } from './people-csv';
import { peopleCsv, templateCsv } from './people-export';
import {
  anyDepartmentName,
  departmentIdsByName,
  lockPeopleImport,
  siteIdsByName,
  streamPeople,
  takenIdentifiers,
} from './people-import.repository';
import { checkRows, duplicateIssues, type ImportPerson } from './people-import-rows';

/** Rows per INSERT: 10 parameters each stays far below PostgreSQL's 65,535 per statement. */
const CHUNK = 2000;

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;

/** People in and out as CSV: the import (all rows or none, with a dry run), its template, the export. */
export class PeopleImportService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly reports: ReportsDb,
    private readonly clock: OrgClock,
    private readonly bus: EventBus,
  ) {}

  /**
   * Checks every row (the Add Person rules, then duplicates within the file and against the
   * database) and, unless `dryRun`, writes them all in one transaction. A file with any error
   * writes nothing: a dry run answers the preview, a real run a 400 whose details are the same
   * errors. Imported people have no password; an invitation link gives them one later.
   */
  async importPeople(actor: Actor, body: unknown, dryRun: boolean): Promise<PeopleImportResponse> {
    authorize(actor, 'people.manage');
    if (!Buffer.isBuffer(body)) {
      const message = 'Send the people as a CSV file (Content-Type: text/csv)';
      throw new AppError('unsupported_media_type', message, [
        { field: 'content-type', rule: 'media_type', message },
      ]);
    }
    const parsed = parsePeopleCsv(body);
    if (!parsed.ok) return answer(dryRun, 0, [], [parsed.issue]);
    const rows = parsed.people.length;
    const { issues, valid } = checkRows(
      parsed.people,
      await departmentIdsByName(this.db),
      await siteIdsByName(this.db),
    );
    if (dryRun) {
      const duplicates = duplicateIssues(valid, await takenIdentifiers(this.db, identifiersOf(valid)));
      return answer(true, rows, valid, [...issues, ...duplicates]);
    }
    if (issues.length > 0) return answer(false, rows, valid, issues);
    try {
      return await this.db.transaction().execute(async (trx) => {
        await lockPeopleImport(trx);
        const duplicates = duplicateIssues(valid, await takenIdentifiers(trx, identifiersOf(valid)));
        if (duplicates.length > 0) return answer(false, rows, valid, duplicates);
        const ids: number[] = [];
        for (let i = 0; i < valid.length; i += CHUNK) {
          const created = await insertUsers(trx, valid.slice(i, i + CHUNK));
          for (const row of created) ids.push(row.id);
        }
        await recordAudit(trx, {
          actorUserId: actor.userId,
          action: 'users.imported',
          targetType: 'user',
          ip: actor.ip,
          // Identity ids of one INSERT run are ascending; a range names them all for 10,000 rows.
          details: { count: ids.length, firstId: Math.min(...ids), lastId: Math.max(...ids) },
        });
        await this.bus.publish(siteCountsChanged(), trx);
        return toImportDone(rows, ids.length);
      });
    } catch (error) {
      // Add Person (which does not take the import lock) saved the same identifier meanwhile.
      if (isUniqueViolation(error)) {
        throw new AppError(
          'conflict',
          'Someone with the same email, employee number or badge number was added meanwhile; nothing was imported. Check the file again.',
        );
      }
      throw error;
    }
  }

  async template(actor: Actor): Promise<string> {
    authorize(actor, 'people.view');
    return templateCsv(await anyDepartmentName(this.db));
  }

  /** The export streams: the caller sends `lines` to the client as it reads them. */
  /** Streamed from the reports' connections, and stopped when `signal` aborts (the download was cancelled). */
  async exportPeople(actor: Actor, filter: PeopleExportQuery, signal?: AbortSignal) {
    authorize(actor, 'people.view');
    const today = await this.clock.today();
    const db = this.reports.db(signal);
    return {
      filename: `people-${today.date}.csv`,
      lines: peopleCsv(streamPeople(db, { ...filter, search: filter.search || undefined })),
    };
  }
}

const identifiersOf = (people: ImportPerson[]) => ({
  emails: people.map((p) => p.email),
  employeeNumbers: people.map((p) => p.employeeNumber),
  badgeNumbers: people.map((p) => p.badgeNumber),
});

/**
 * The preview of a dry run, or for a real run with errors a 400 (nothing was written) whose
 * details list the same errors. Errors come by line, the first PEOPLE_IMPORT_MAX_LISTED of them.
 */
function answer(
  dryRun: boolean,
  rows: number,
  valid: ImportPerson[],
  issues: PeopleImportIssue[],
): PeopleImportResponse {
  const summary = toImportPreview(rows, valid, issues);
  if (dryRun || issues.length === 0) return summary;
  const what = issues.length === 1 ? '1 error' : `${issues.length} errors`;
  // A file in a legacy code page (Excel's "CSV" in Windows-1252) is one mistake, not one per
  // name: the message says what it is and where it starts, the details list every cell.
  const encoding = issues.find((issue) => issue.rule === 'utf8');
  const message = encoding
    ? `The file is not UTF-8: line ${encoding.line} has characters in another encoding (save it as "CSV UTF-8"); it has ${what} and nothing was imported`
    : `The file has ${what}; nothing was imported`;
  throw new AppError('validation_failed', message, summary.errors);
}
