import type { CorrectionRequestStatus } from '@atrium/contract';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { AttendanceCorrectionRequestsTable, Database } from '../../db/schema';

export type RequestRow = Selectable<AttendanceCorrectionRequestsTable>;

export interface NewRequest {
  user_id: number;
  date: string;
  record_id: number | null;
  check_in_time: Date | null;
  check_out_time: Date | null;
  reason: string;
  created_at: Date;
}

/**
 * Inserts a pending request unless the person already has one for that day: the partial unique
 * index decides when two arrive at once, and the loser gets nothing back.
 */
export async function insertPendingRequest(db: Kysely<Database>, request: NewRequest) {
  return db
    .insertInto('attendance_correction_requests')
    .values(request)
    .onConflict((oc) => oc.columns(['user_id', 'date']).where('status', '=', 'pending').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The request's row, locked for its decision when asked. */
export async function findRequestRow(db: Kysely<Database>, id: number, forUpdate = false) {
  let q = db.selectFrom('attendance_correction_requests').selectAll().where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/**
 * Ends a pending request. The `status = 'pending'` condition is the referee when two people act
 * at once: only one update finds it pending.
 */
export async function closeRequest(
  db: Kysely<Database>,
  id: number,
  change: {
    status: Exclude<CorrectionRequestStatus, 'pending'>;
    by: number;
    at: Date;
    reason?: string | null;
    recordId?: number;
  },
) {
  return db
    .updateTable('attendance_correction_requests')
    .set({
      status: change.status,
      decided_by: change.by,
      decided_at: change.at,
      decision_reason: change.reason ?? null,
      ...(change.recordId !== undefined ? { record_id: change.recordId } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

export interface RequestFilter {
  userId?: number;
  status?: CorrectionRequestStatus;
  /** The last id of the previous page. */
  after?: number;
  limit: number;
}

/**
 * A page of requests with names and the day's current times. The pending queue runs oldest
 * first (first come, first decided); every other view newest first. Ids only grow, so the
 * keyset is the id alone.
 */
export async function listRequests(db: Kysely<Database>, f: RequestFilter): Promise<JoinedRequestRow[]> {
  const oldestFirst = f.status === 'pending';
  let q = requestsWithNames(db);
  if (f.userId !== undefined) q = q.where('r.user_id', '=', f.userId);
  if (f.status) q = q.where('r.status', '=', f.status);
  if (f.after !== undefined) q = q.where('r.id', oldestFirst ? '>' : '<', f.after);
  return q
    .orderBy('r.id', oldestFirst ? 'asc' : 'desc')
    .limit(f.limit)
    .execute();
}

export async function findRequest(db: Kysely<Database>, id: number): Promise<JoinedRequestRow | undefined> {
  return requestsWithNames(db).where('r.id', '=', id).executeTakeFirst();
}

/** The person's start date (null when none is set) and whether they exist at all. */
export async function findStartDate(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .select(sql<string | null>`start_date::text`.as('start_date'))
    .where('id', '=', userId)
    .executeTakeFirst();
}

function requestsWithNames(db: Kysely<Database>) {
  return (
    db
      .selectFrom('attendance_correction_requests as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('departments as d', 'd.id', 'u.department_id')
      .leftJoin('users as decider', 'decider.id', 'r.decided_by')
      // The day's record as it stands now, found by person and date: a missed day may have got
      // one since the request was made (a late check-in, an admin's bulk mark).
      .leftJoin('attendance_records as a', (j) =>
        j.onRef('a.user_id', '=', 'r.user_id').onRef('a.date', '=', 'r.date'),
      )
      .selectAll('r')
      .select([
        'u.first_name',
        'u.last_name',
        'd.name as department_name',
        'decider.first_name as decider_first_name',
        'decider.last_name as decider_last_name',
        'a.check_in_time as recorded_in',
        'a.check_out_time as recorded_out',
      ])
  );
}

/** A request with the names of its person and decider, and the day's record as it stands now. */
export type JoinedRequestRow = RequestRow & {
  first_name: string;
  last_name: string;
  department_name: string | null;
  decider_first_name: string | null;
  decider_last_name: string | null;
  recorded_in: Date | null;
  recorded_out: Date | null;
};
