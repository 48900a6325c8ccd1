/**
 * The table types the code imports. Their columns live in schema.generated.ts, generated from the
 * migrations by `npm run db:types`; this file only names them. Do not describe a column here.
 */
import type {
  Alerts,
  AttendanceCorrectionRequests,
  AttendanceRecords,
  Cameras,
  DB,
  Devices,
  LeaveLedger,
} from './schema.generated';

export type Database = DB;

export type AlertsTable = Alerts;
export type AttendanceCorrectionRequestsTable = AttendanceCorrectionRequests;
export type AttendanceRecordsTable = AttendanceRecords;
export type CamerasTable = Cameras;
export type DevicesTable = Devices;
export type LeaveLedgerTable = LeaveLedger;

export type LeaveLedgerKind = LeaveLedger['kind'];
