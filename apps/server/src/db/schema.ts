import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface DepartmentsTable {
  id: Generated<number>;
  name: string;
  created_at: Generated<Date>;
  /** The department's manager (migration 009), a person of that department. */
  manager_id: Generated<number | null>;
}

export interface RolesTable {
  name: string;
  description: string;
}

export interface UsersTable {
  id: Generated<number>;
  employee_number: string;
  badge_number: string;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string | null;
  role: string;
  department_id: number | null;
  active: Generated<boolean>;
  created_at: Generated<Date>;
  start_date: ColumnType<string | null, string | null | undefined, string | null>;
  end_date: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface UserInvitationsTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'invite' | 'reset';
  token_hash: string;
  created_by: number | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
  ip: string | null;
  user_agent: string | null;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  session_id: string;
  token_hash: string;
  created_at: Generated<Date>;
  used_at: Timestamp | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  email: string;
  ip: string;
  at: Generated<Date>;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: Generated<Date>;
  actor_user_id: number | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  details: ColumnType<unknown, string | undefined, string>;
}

export interface SettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Generated<Date>;
}

export interface PublicHolidaysTable {
  id: Generated<number>;
  /** A local date, read back as 'YYYY-MM-DD' text. */
  date: string;
  name: string;
  created_at: Generated<Date>;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
}

export interface WorkSchedulesTable {
  department_id: number;
  start_time: ColumnType<string, string | undefined, string>;
  end_time: ColumnType<string, string | undefined, string>;
  grace_minutes: ColumnType<number, number | undefined, number>;
  workdays: ColumnType<number[], number[] | undefined, number[]>;
  /** The first local date this version is in force, 'YYYY-MM-DD' on the wire. */
  effective_from: ColumnType<string, string | undefined, string>;
}

export interface AttendanceRecordsTable {
  id: Generated<number>;
  user_id: number;
  /** The organisation's local date, 'YYYY-MM-DD' on the wire. */
  date: ColumnType<string, string, string>;
  check_in_time: Timestamp;
  check_out_time: Timestamp | null;
  late: Generated<boolean>;
  early_exit: Generated<boolean>;
  source: 'web' | 'bulk' | 'correction' | 'badge';
  created_by: number | null;
  updated_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Migration 027: a person asks for a past day's times to be corrected; an admin decides. */
export interface AttendanceCorrectionRequestsTable {
  id: Generated<number>;
  user_id: number;
  /** The organisation's local date, 'YYYY-MM-DD' on the wire. */
  date: ColumnType<string, string, string>;
  record_id: number | null;
  check_in_time: Timestamp | null;
  check_out_time: Timestamp | null;
  reason: string;
  status: Generated<'pending' | 'approved' | 'rejected' | 'cancelled'>;
  decided_by: number | null;
  decided_at: Timestamp | null;
  decision_reason: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface LeaveTypesTable {
  id: Generated<number>;
  leave_name: string;
  leave_code: string;
  max_days_per_year: number;
  created_at: Generated<Date>;
}

export interface LeavePoliciesTable {
  id: Generated<number>;
  leave_type_id: number;
  description: Generated<string>;
  carry_forward: Generated<boolean>;
  carry_forward_cap: Generated<number>;
  requires_approval: Generated<boolean>;
  /** Charges only the applicant's working days (no weekends of their schedule, no public holidays). */
  working_days_only: Generated<boolean>;
  updated_at: Generated<Date>;
}

export interface LeaveApplicationsTable {
  id: Generated<number>;
  user_id: number;
  leave_type_id: number;
  start_date: ColumnType<string, string, string>;
  end_date: ColumnType<string, string, string>;
  /** What the service charged: working or calendar days by the type, in 0.5 steps. */
  days_requested: number;
  /** 'afternoon': the first day counts 0.5. */
  start_half: 'morning' | 'afternoon' | null;
  /** 'morning': the last day counts 0.5. */
  end_half: 'morning' | 'afternoon' | null;
  reason: string;
  status: Generated<'pending' | 'approved' | 'rejected' | 'cancelled'>;
  applied_at: ColumnType<Date, Date | string | undefined, Date | string>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  decided_by: number | null;
  decided_at: Timestamp | null;
  admin_comments: string | null;
}

export type LeaveLedgerKind =
  | 'entitlement'
  | 'carry_forward'
  | 'adjustment'
  | 'application_pending'
  | 'application_approved'
  | 'application_rejected'
  | 'application_cancelled'
  | 'application_recounted';

export interface LeaveLedgerTable {
  id: Generated<number>;
  user_id: number;
  leave_type_id: number;
  leave_year: number;
  kind: LeaveLedgerKind;
  application_id: number | null;
  entitled_days: Generated<number>;
  pending_days: Generated<number>;
  used_days: Generated<number>;
  note: Generated<string>;
  created_by: number | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface CamerasTable {
  id: Generated<number>;
  code: string;
  name: string;
  location: Generated<string>;
  stream_url: string;
  access_point_id: number | null;
  recording_enabled: Generated<boolean>;
  retention_hours: Generated<number>;
  retention_max_mb: Generated<number>;
  motion_sensitivity: Generated<number>;
  enabled: Generated<boolean>;
  status: Generated<'online' | 'offline'>;
  status_changed_at: ColumnType<Date, Date | string | undefined, Date | string>;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  push_secret_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RecordingSegmentsTable {
  id: ColumnType<string, never, never>;
  camera_id: number;
  started_at: Timestamp;
  ended_at: Timestamp;
  path: string;
  bytes: ColumnType<string, number, number>;
}

export interface VideoEventsTable {
  id: ColumnType<string, never, never>;
  camera_id: number;
  kind: 'motion' | 'offline' | 'online';
  source: Generated<'detector' | 'camera' | 'supervisor'>;
  started_at: Timestamp;
  ended_at: Timestamp | null;
  detail: string | null;
  snapshot_path: string | null;
  last_signal_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface AccessEventSnapshotsTable {
  access_event_id: ColumnType<string, number | string, never>;
  occurred_at: Timestamp;
  camera_id: number;
  taken_at: Timestamp;
  path: string;
}

export interface AccessAreasTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  created_at: Generated<Date>;
}

export interface AccessPermissionsTable {
  id: Generated<number>;
  area_id: number;
  user_id: number | null;
  department_id: number | null;
  status: Generated<'active' | 'suspended'>;
  valid_from: ColumnType<string | null, string | null | undefined, string | null>;
  valid_until: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: number | null;
  created_at: Generated<Date>;
}

export interface AccessPointsTable {
  id: Generated<number>;
  name: string;
  area_id: number;
  counts_for_attendance: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface DevicesTable {
  id: Generated<number>;
  device_id: string;
  type: Generated<'access_controller' | 'counter'>;
  name: string;
  model: string | null;
  location: Generated<string>;
  access_point_id: number | null;
  direction: Generated<'entry' | 'exit' | 'both'>;
  address: string | null;
  status: Generated<'online' | 'offline' | 'maintenance'>;
  last_seen_at: Timestamp | null;
  push_secret_hash: string | null;
  command_username: string | null;
  /** Encrypted (see devices/hikvision/credentials.ts), never sent to the browser. */
  command_password: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface AccessEventsTable {
  /** bigint, read as a number (connection.ts). */
  id: ColumnType<number, never, never>;
  device_ref: number | null;
  device_code: string;
  serial_no: number | null;
  event_key: number;
  occurred_at: Timestamp;
  received_at: ColumnType<Date, Date | string | undefined, Date | string>;
  major: number;
  minor: number;
  kind: 'granted' | 'denied' | 'door' | 'alarm' | 'device';
  action: 'entry' | 'exit' | null;
  access_point_id: number | null;
  user_id: number | null;
  card_no: string | null;
  employee_no: string | null;
  verify_mode: string | null;
  reader_no: number | null;
  door_no: number | null;
  backlog: Generated<boolean>;
  raw: ColumnType<unknown, string, string>;
  picture_path: string | null;
}

export interface AccessPresenceTable {
  user_id: number;
  last_action: 'entry' | 'exit';
  last_at: Timestamp;
  access_point_id: number | null;
  event_id: number;
}

export interface AccessDailyCountsTable {
  day: ColumnType<string, string, string>;
  entries: Generated<number>;
  exits: Generated<number>;
  denied: Generated<number>;
  alarms: Generated<number>;
}

export interface CountingWindowsTable {
  device_id: number;
  window_start: Timestamp;
  window_end: Timestamp;
  entries: number;
  exits: number;
  passby: number;
  source: 'timeRange' | 'realTime';
  received_at: Generated<Date>;
}

export interface CountingReadingsTable {
  device_id: number;
  reading_at: Timestamp;
  entries: number;
  exits: number;
  passby: number;
}

export interface CountingHourlyTable {
  device_id: number;
  hour: Timestamp;
  entries: Generated<number>;
  exits: Generated<number>;
  passby: Generated<number>;
}

export interface DevicePushRejectsTable {
  id: ColumnType<number, never, never>;
  device_ref: number | null;
  received_at: Generated<Date>;
  reason: string;
  content_type: string | null;
  body_excerpt: string;
}

export interface AlertsTable {
  id: ColumnType<number, never, never>;
  source: 'access' | 'video' | 'counting' | 'system';
  kind: string;
  severity: 'low' | 'medium' | 'high' | 'critical';
  message: string;
  device_id: string | null;
  camera_id: number | null;
  access_event_id: ColumnType<number | null, number | null | undefined, number | null>;
  occurred_at: Timestamp;
  resolved_at: Timestamp | null;
  acknowledged_by: number | null;
  acknowledged_at: Timestamp | null;
  acknowledge_note: string | null;
}

export interface Database {
  departments: DepartmentsTable;
  roles: RolesTable;
  users: UsersTable;
  user_invitations: UserInvitationsTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  login_failures: LoginFailuresTable;
  audit_log: AuditLogTable;
  settings: SettingsTable;
  public_holidays: PublicHolidaysTable;
  server_secrets: ServerSecretsTable;
  work_schedules: WorkSchedulesTable;
  attendance_records: AttendanceRecordsTable;
  attendance_correction_requests: AttendanceCorrectionRequestsTable;
  leave_types: LeaveTypesTable;
  leave_policies: LeavePoliciesTable;
  leave_applications: LeaveApplicationsTable;
  leave_ledger: LeaveLedgerTable;
  access_areas: AccessAreasTable;
  access_permissions: AccessPermissionsTable;
  access_points: AccessPointsTable;
  devices: DevicesTable;
  access_events: AccessEventsTable;
  access_presence: AccessPresenceTable;
  access_daily_counts: AccessDailyCountsTable;
  alerts: AlertsTable;
  device_push_rejects: DevicePushRejectsTable;
  cameras: CamerasTable;
  recording_segments: RecordingSegmentsTable;
  video_events: VideoEventsTable;
  access_event_snapshots: AccessEventSnapshotsTable;
  counting_windows: CountingWindowsTable;
  counting_readings: CountingReadingsTable;
  counting_hourly: CountingHourlyTable;
}
