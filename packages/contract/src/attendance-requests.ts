import { z } from 'zod';
import { AttendanceRecord } from './attendance';
import { CalendarDate, Cursor, IdParam, QueryInt, Text, Timestamp } from './common';
import { endpoint } from './endpoint';

/**
 * Correction requests: a person asks for the times of one of their past days to be changed (a
 * missed check-out, a wrong check-in, a day with no record at all), with a reason; an
 * administrator approves (the times are written as an admin correction would write them) or
 * rejects, like leave.
 */

export const CorrectionRequestStatus = z.enum(['pending', 'approved', 'rejected', 'cancelled']);
export type CorrectionRequestStatus = z.infer<typeof CorrectionRequestStatus>;

const Person = z.object({ id: z.number().int(), name: z.string() });

export const CorrectionRequest = z.object({
  id: z.number().int(),
  user: Person,
  first_name: z.string(),
  last_name: z.string(),
  department_name: z.string().nullable(),
  date: z.string(),
  /** The day's record: the one it had when asked, or the one approval wrote; null for a missed day. */
  record_id: z.number().int().nullable(),
  /** The day's times as recorded now (null when it has no record), to compare with the request. */
  recorded_check_in_time: z.string().nullable(),
  recorded_check_out_time: z.string().nullable(),
  /** The requested times; null means "leave as recorded". */
  check_in_time: z.string().nullable(),
  check_out_time: z.string().nullable(),
  reason: z.string(),
  status: CorrectionRequestStatus,
  created_at: z.string(),
  decided_by: Person.nullable(),
  decided_at: z.string().nullable(),
  /** The administrator's reason for a rejection, shown to the requester. */
  decision_reason: z.string().nullable(),
});
export type CorrectionRequest = z.infer<typeof CorrectionRequest>;

const Reason = Text(500).min(1, { error: 'is required' });

/**
 * A day and the times it should have. The server also checks: the day is today or earlier and
 * not before the person's start date; each time falls on that day and is not in the future;
 * check-out is not before check-in; a day with no record needs a check-in.
 */
export const CreateCorrectionRequest = z
  .object({
    date: CalendarDate,
    check_in_time: Timestamp.optional(),
    check_out_time: Timestamp.optional(),
    reason: Reason,
  })
  .refine((b) => b.check_in_time !== undefined || b.check_out_time !== undefined, {
    error: 'or check-out is required',
    path: ['check_in_time'],
  });
export type CreateCorrectionRequest = z.infer<typeof CreateCorrectionRequest>;

export const RejectCorrectionRequest = z.object({
  /** Optional; shown to the requester. */
  reason: Text(500).optional(),
});
export type RejectCorrectionRequest = z.infer<typeof RejectCorrectionRequest>;

export const CorrectionRequestIdParams = z.object({ id: IdParam });

/** Keyset pages over request ids (`next_cursor` of one page is `cursor` of the next). */
const Page = {
  cursor: Cursor.optional(),
  limit: QueryInt(1, 100).default(20),
};
export const MyCorrectionRequestsQuery = z.object(Page);
export type MyCorrectionRequestsQuery = z.infer<typeof MyCorrectionRequestsQuery>;
/** The pending queue comes oldest first; any other status (or all) newest first. */
export const CorrectionRequestsQuery = z.object({ status: CorrectionRequestStatus.optional(), ...Page });
export type CorrectionRequestsQuery = z.infer<typeof CorrectionRequestsQuery>;

export const CorrectionRequestResponse = z.object({ request: CorrectionRequest });
export type CorrectionRequestResponse = z.infer<typeof CorrectionRequestResponse>;
export const CorrectionRequestPage = z.object({
  requests: z.array(CorrectionRequest),
  next_cursor: z.string().nullable(),
});
export type CorrectionRequestPage = z.infer<typeof CorrectionRequestPage>;
export const ApproveCorrectionResponse = z.object({
  request: CorrectionRequest,
  /** The day as approval left it. */
  record: AttendanceRecord,
});
export type ApproveCorrectionResponse = z.infer<typeof ApproveCorrectionResponse>;

export const attendanceRequestsApi = {
  create: endpoint({
    method: 'POST',
    path: '/attendance/correction-requests',
    audience: 'user',
    summary: 'Ask for a correction of one of my days (today or earlier)',
    body: CreateCorrectionRequest,
    status: 201,
    response: CorrectionRequestResponse,
  }),
  mine: endpoint({
    method: 'GET',
    path: '/attendance/correction-requests/mine',
    audience: 'user',
    summary: 'My correction requests, newest first',
    query: MyCorrectionRequestsQuery,
    response: CorrectionRequestPage,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/attendance/correction-requests/:id/cancel',
    audience: 'user',
    summary: 'Withdraw my own pending request',
    params: CorrectionRequestIdParams,
    response: CorrectionRequestResponse,
  }),
  list: endpoint({
    method: 'GET',
    path: '/attendance/correction-requests',
    audience: 'admin',
    summary: "Everyone's correction requests: pending oldest first, others newest first",
    query: CorrectionRequestsQuery,
    response: CorrectionRequestPage,
  }),
  approve: endpoint({
    method: 'POST',
    path: '/attendance/correction-requests/:id/approve',
    audience: 'admin',
    summary: 'Approve a pending request: its times are written to the day (source correction)',
    params: CorrectionRequestIdParams,
    response: ApproveCorrectionResponse,
  }),
  reject: endpoint({
    method: 'POST',
    path: '/attendance/correction-requests/:id/reject',
    audience: 'admin',
    summary: 'Reject a pending request, with an optional reason shown to the requester',
    params: CorrectionRequestIdParams,
    body: RejectCorrectionRequest,
    response: CorrectionRequestResponse,
  }),
};
