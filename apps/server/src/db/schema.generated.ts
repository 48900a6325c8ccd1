/**
 * Generated from the migrations by `npm run db:types` (apps/server/src/db/codegen.ts, kysely-codegen).
 * Do not edit: change the schema with a migration, then regenerate. src/db/schema.test.ts fails
 * when this file and the migrations disagree.
 */
import type { ColumnType, GeneratedAlways } from "kysely";

export type Generated<T> = T extends ColumnType<infer S, infer I, infer U>
  ? ColumnType<S, I | undefined, U>
  : ColumnType<T, T | undefined, T>;

export type Json = JsonValue;

export type JsonArray = JsonValue[];

export type JsonObject = {
  [x: string]: JsonValue | undefined;
};

export type JsonPrimitive = boolean | number | string | null;

export type JsonValue = JsonArray | JsonObject | JsonPrimitive;

export type Numeric = ColumnType<number, number | string, number | string>;

export type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface AccessAreas {
  created_at: Generated<Timestamp>;
  description: Generated<string>;
  id: GeneratedAlways<number>;
  name: string;
}

export interface AccessDailyCounts {
  alarms: Generated<number>;
  day: string;
  denied: Generated<number>;
  entries: Generated<number>;
  exits: Generated<number>;
  site_id: Generated<number>;
}

export interface AccessEvents {
  access_point_id: number | null;
  action: "entry" | "exit" | null;
  backlog: Generated<boolean>;
  card_no: string | null;
  device_code: string;
  device_ref: number | null;
  door_no: number | null;
  employee_no: string | null;
  event_key: number;
  id: GeneratedAlways<number>;
  kind: "granted" | "denied" | "door" | "alarm" | "device";
  major: number;
  minor: number;
  occurred_at: Timestamp;
  picture_path: string | null;
  raw: Json;
  reader_no: number | null;
  received_at: Generated<Timestamp>;
  serial_no: number | null;
  user_id: number | null;
  verify_mode: string | null;
}

export interface AccessEventSnapshots {
  access_event_id: number;
  camera_id: number;
  occurred_at: Timestamp;
  path: string;
  taken_at: Timestamp;
}

export interface AccessLevelDoors {
  access_point_id: number;
  days: Generated<number[]>;
  ends: Generated<string>;
  level_id: number;
  starts: Generated<string>;
}

export interface AccessLevels {
  created_at: Generated<Timestamp>;
  description: Generated<string>;
  id: GeneratedAlways<number>;
  name: string;
  updated_at: Generated<Timestamp>;
}

export interface AccessPermissions {
  created_at: Generated<Timestamp>;
  created_by: number | null;
  department_id: number | null;
  id: GeneratedAlways<number>;
  level_id: number;
  status: Generated<"active" | "suspended">;
  updated_at: Generated<Timestamp>;
  user_id: number | null;
  valid_from: string | null;
  valid_until: string | null;
}

export interface AccessPoints {
  area_id: number;
  counts_for_attendance: Generated<boolean>;
  created_at: Generated<Timestamp>;
  id: GeneratedAlways<number>;
  name: string;
  site_id: Generated<number>;
}

export interface AccessPresence {
  access_point_id: number | null;
  event_id: number;
  last_action: "entry" | "exit";
  last_at: Timestamp;
  user_id: number;
}

export interface Alerts {
  access_event_id: number | null;
  acknowledge_note: string | null;
  acknowledged_at: Timestamp | null;
  acknowledged_by: number | null;
  camera_id: number | null;
  device_id: string | null;
  id: GeneratedAlways<number>;
  kind: string;
  message: string;
  occurred_at: Timestamp;
  resolved_at: Timestamp | null;
  severity: "low" | "medium" | "high" | "critical";
  source: "access" | "video" | "counting" | "system";
}

export interface ApiTokens {
  created_at: Generated<Timestamp>;
  created_by: number | null;
  expires_at: Timestamp;
  id: GeneratedAlways<number>;
  last_used_at: Timestamp | null;
  last_used_ip: string | null;
  name: string;
  prefix: string;
  revoked_at: Timestamp | null;
  revoked_by: number | null;
  scopes: string[];
  token_hash: string;
}

export interface AttendanceCorrectionRequests {
  check_in_time: Timestamp | null;
  check_out_time: Timestamp | null;
  created_at: Generated<Timestamp>;
  date: string;
  decided_at: Timestamp | null;
  decided_by: number | null;
  decision_reason: string | null;
  id: GeneratedAlways<number>;
  reason: string;
  record_id: number | null;
  status: Generated<"pending" | "approved" | "rejected" | "cancelled">;
  user_id: number;
}

export interface AttendanceDepartmentDayChanges {
  date: string;
  dept_key: number;
  late: number;
  open: number;
  present: number;
}

export interface AttendanceDepartmentDays {
  date: string;
  dept_key: number;
  late: number;
  open: number;
  present: number;
}

export interface AttendanceDepartmentDayTotals {
  date: string | null;
  dept_key: number | null;
  late: number | null;
  open: number | null;
  present: number | null;
}

export interface AttendanceMonths {
  late_days: number;
  month: string;
  present_days: number;
  user_id: number;
  worked_seconds: Numeric;
}

export interface AttendanceRecords {
  check_in_time: Timestamp;
  check_out_time: Timestamp | null;
  created_at: Generated<Timestamp>;
  created_by: number | null;
  date: string;
  early_exit: Generated<boolean>;
  id: GeneratedAlways<number>;
  late: Generated<boolean>;
  source: "web" | "bulk" | "correction" | "badge";
  updated_at: Generated<Timestamp>;
  updated_by: number | null;
  user_id: number;
}

export interface AuditLog {
  action: string;
  actor_user_id: number | null;
  at: Generated<Timestamp>;
  details: Generated<Json>;
  id: GeneratedAlways<number>;
  ip: string | null;
  target_id: string | null;
  target_type: string | null;
}

export interface Cameras {
  access_point_id: number | null;
  code: string;
  created_at: Generated<Timestamp>;
  enabled: Generated<boolean>;
  id: GeneratedAlways<number>;
  location: Generated<string>;
  motion_sensitivity: Generated<number>;
  name: string;
  push_secret_hash: string | null;
  recording_enabled: Generated<boolean>;
  retention_hours: Generated<number>;
  retention_max_mb: Generated<number>;
  site_id: Generated<number>;
  status: Generated<"online" | "offline">;
  status_changed_at: Generated<Timestamp>;
  stream_url: string;
  updated_at: Generated<Timestamp>;
}

export interface CountingHourly {
  device_id: number;
  entries: Generated<number>;
  exits: Generated<number>;
  hour: Timestamp;
  passby: Generated<number>;
}

export interface CountingReadings {
  device_id: number;
  entries: number;
  exits: number;
  passby: number;
  reading_at: Timestamp;
}

export interface CountingWindows {
  device_id: number;
  entries: number;
  exits: number;
  passby: number;
  received_at: Generated<Timestamp>;
  source: "timeRange" | "realTime";
  window_end: Timestamp;
  window_start: Timestamp;
}

export interface Delegations {
  created_at: Generated<Timestamp>;
  delegate_id: number;
  ends_on: string;
  manager_id: number;
  starts_on: string;
}

export interface DepartmentHeadcounts {
  dept_key: number;
  people: number;
}

export interface DepartmentManagers {
  department_id: number;
  position: number;
  user_id: number;
}

export interface Departments {
  created_at: Generated<Timestamp>;
  id: GeneratedAlways<number>;
  name: string;
  parent_id: number | null;
  site_id: Generated<number>;
}

export interface DevicePeople {
  card_no: string | null;
  device_id: number;
  employee_no: string;
  fingerprint: string;
  written_at: Generated<Timestamp>;
}

export interface DevicePlans {
  device_id: number;
  plan_no: number;
  schedule: string;
}

export interface DevicePushRejects {
  body_excerpt: string;
  content_type: string | null;
  device_ref: number | null;
  id: GeneratedAlways<number>;
  reason: string;
  received_at: Generated<Timestamp>;
}

export interface Devices {
  access_point_id: number | null;
  address: string | null;
  command_password: string | null;
  command_username: string | null;
  created_at: Generated<Timestamp>;
  device_id: string;
  direction: Generated<"entry" | "exit" | "both">;
  firmware_version: string | null;
  id: GeneratedAlways<number>;
  last_seen_at: Timestamp | null;
  location: Generated<string>;
  mac_address: string | null;
  model: string | null;
  name: string;
  push_configured_at: Timestamp | null;
  push_error: string | null;
  push_secret_hash: string | null;
  removed_at: Timestamp | null;
  resync_requested: Generated<boolean>;
  serial_number: string | null;
  site_id: Generated<number>;
  status: Generated<"online" | "offline" | "maintenance">;
  sync_error: string | null;
  sync_failures: Generated<number>;
  sync_lease_until: Timestamp | null;
  sync_pending: Generated<number>;
  sync_retry_at: Timestamp | null;
  sync_total: Generated<number>;
  synced_at: Timestamp | null;
  type: Generated<"access_controller" | "counter">;
  updated_at: Generated<Timestamp>;
}

export interface EventLog {
  created_at: Generated<Timestamp>;
  event: Json;
  seq: GeneratedAlways<number>;
  txid: Generated<string>;
}

export interface EventLogCommit {
  created_at: Generated<Timestamp>;
  pos: number | null;
  txid: string;
}

export interface EventLogHorizon {
  only_row: Generated<boolean>;
  pos: number;
  seq: number;
}

export interface EventLogReaders {
  id: string;
  pos: number;
  seen_at: Generated<Timestamp>;
}

export interface LeaveApplications {
  admin_comments: string | null;
  admin_step: Generated<boolean>;
  applied_at: Generated<Timestamp>;
  approval_step: "manager" | "admin" | null;
  approver_id: number | null;
  created_at: Generated<Timestamp>;
  days_requested: Numeric;
  decided_at: Timestamp | null;
  decided_by: number | null;
  decided_on_behalf_of: number | null;
  department_id: number | null;
  end_date: string;
  end_half: "morning" | "afternoon" | null;
  id: GeneratedAlways<number>;
  leave_type_id: number;
  manager_approved_at: Timestamp | null;
  manager_approved_by: number | null;
  reason: string;
  routed_at: Timestamp | null;
  start_date: string;
  start_half: "morning" | "afternoon" | null;
  status: Generated<"pending" | "approved" | "rejected" | "cancelled">;
  user_id: number;
}

export interface LeaveCalendarDays {
  approved: number;
  date: string;
  half_day: number;
  pending: number;
}

export interface LeaveDepartmentDays {
  approved: number;
  date: string;
  dept_key: number;
  half_day: number;
  pending: number;
}

export interface LeaveLedger {
  application_id: number | null;
  created_at: Generated<Timestamp>;
  created_by: number | null;
  entitled_days: Generated<Numeric>;
  id: GeneratedAlways<number>;
  kind: "entitlement" | "carry_forward" | "adjustment" | "application_pending" | "application_approved" | "application_rejected" | "application_cancelled" | "application_recounted";
  leave_type_id: number;
  leave_year: number;
  note: Generated<string>;
  pending_days: Generated<Numeric>;
  used_days: Generated<Numeric>;
  user_id: number;
}

export interface LeavePolicies {
  admin_step_over_days: number | null;
  approval_route: Generated<"manager" | "admin" | "manager_then_admin">;
  carry_forward: Generated<boolean>;
  carry_forward_cap: Generated<number>;
  description: Generated<string>;
  id: GeneratedAlways<number>;
  leave_type_id: number;
  requires_approval: Generated<boolean>;
  updated_at: Generated<Timestamp>;
  working_days_only: Generated<boolean>;
}

export interface LeaveStatusCounts {
  applications: number;
  status: string;
}

export interface LeaveTypes {
  created_at: Generated<Timestamp>;
  id: GeneratedAlways<number>;
  leave_code: string;
  leave_name: string;
  max_days_per_year: number;
  paid: Generated<boolean>;
}

export interface LoginFailures {
  at: Generated<Timestamp>;
  email: string;
  id: GeneratedAlways<number>;
  ip: string;
}

export interface MailOutbox {
  attempts: Generated<number>;
  created_at: Generated<Timestamp>;
  failed_at: Timestamp | null;
  html_body: string;
  id: Generated<string>;
  kind: "invitation" | "password_reset" | "leave_submitted" | "leave_decided" | "leave_escalated" | "device_offline" | "door_forced_open";
  last_error: string | null;
  next_attempt_at: Generated<Timestamp>;
  sent_at: Timestamp | null;
  seq: GeneratedAlways<number>;
  subject: string;
  text_body: string;
  to_address: string;
  user_id: number | null;
}

export interface PasswordResetRequests {
  at: Timestamp;
  email_hash: string;
  id: GeneratedAlways<number>;
  ip: string;
}

export interface PublicHolidays {
  created_at: Generated<Timestamp>;
  date: string;
  id: Generated<number>;
  name: string;
  site_id: number | null;
}

export interface RecordingSegments {
  bytes: number;
  camera_id: number;
  ended_at: Timestamp;
  id: GeneratedAlways<number>;
  path: string;
  started_at: Timestamp;
}

export interface RefreshTokens {
  created_at: Generated<Timestamp>;
  id: GeneratedAlways<number>;
  session_id: string;
  token_hash: string;
  used_at: Timestamp | null;
}

export interface Roles {
  description: string;
  name: string;
}

export interface ServerSecrets {
  name: string;
  value: string;
}

export interface Sessions {
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  id: string;
  ip: string | null;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
  sso_issuer: string | null;
  sso_sid: string | null;
  sso_subject: string | null;
  user_agent: string | null;
  user_id: number;
}

export interface Settings {
  key: string;
  updated_at: Generated<Timestamp>;
  value: Json;
}

export interface SiteAdmins {
  site_id: number;
  user_id: number;
}

export interface Sites {
  address: string | null;
  created_at: Generated<Timestamp>;
  geofence_m: number | null;
  id: Generated<number>;
  latitude: number | null;
  longitude: number | null;
  name: string;
  time_zone: string;
  updated_at: Generated<Timestamp>;
  work_week: Generated<number[]>;
}

export interface SsoIdentities {
  created_at: Generated<Timestamp>;
  email: string | null;
  issuer: string;
  last_login_at: Timestamp | null;
  subject: string;
  user_id: number;
}

export interface UserInvitations {
  created_at: Generated<Timestamp>;
  created_by: number | null;
  expires_at: Timestamp;
  id: GeneratedAlways<number>;
  purpose: "invite" | "reset";
  revoked_at: Timestamp | null;
  token_hash: string;
  used_at: Timestamp | null;
  user_id: number;
}

export interface UserPreferences {
  site_id: number | null;
  updated_at: Generated<Timestamp>;
  user_id: number;
}

export interface Users {
  active: Generated<boolean>;
  badge_number: string;
  created_at: Generated<Timestamp>;
  department_id: number | null;
  email: string;
  employee_number: string;
  end_date: string | null;
  first_name: string;
  id: GeneratedAlways<number>;
  last_name: string;
  leave_approver_id: number | null;
  mail_device_alerts: Generated<boolean>;
  mail_leave_updates: Generated<boolean>;
  password_hash: string | null;
  role: string;
  site_id: number | null;
  start_date: string | null;
}

export interface VideoEvents {
  camera_id: number;
  detail: string | null;
  ended_at: Timestamp | null;
  id: GeneratedAlways<number>;
  kind: "motion" | "offline" | "online";
  last_signal_at: Timestamp | null;
  snapshot_path: string | null;
  source: Generated<"detector" | "camera" | "supervisor">;
  started_at: Timestamp;
}

export interface WebhookCursor {
  only_row: Generated<boolean>;
  pos: number;
  seq: number;
}

export interface WebhookDeliveries {
  attempts: Generated<number>;
  created_at: Generated<Timestamp>;
  delivered_at: Timestamp | null;
  event_type: string;
  id: GeneratedAlways<number>;
  last_error: string | null;
  last_response_ms: number | null;
  last_status_code: number | null;
  message_id: string;
  next_attempt_at: Timestamp | null;
  payload: Json;
  redelivery_of: number | null;
  status: Generated<"pending" | "delivering" | "succeeded" | "failed" | "abandoned">;
  subscription_id: number;
}

export interface WebhookSubscriptions {
  consecutive_failures: Generated<number>;
  created_at: Generated<Timestamp>;
  created_by: number | null;
  description: string | null;
  disabled_reason: string | null;
  enabled: Generated<boolean>;
  event_types: string[];
  failing_since: Timestamp | null;
  id: GeneratedAlways<number>;
  secret: string;
  updated_at: Generated<Timestamp>;
  url: string;
}

export interface WorkSchedules {
  department_id: number;
  effective_from: Generated<string>;
  end_time: Generated<string>;
  grace_minutes: Generated<number>;
  start_time: Generated<string>;
  workdays: Generated<number[]>;
}

export interface DB {
  access_areas: AccessAreas;
  access_daily_counts: AccessDailyCounts;
  access_event_snapshots: AccessEventSnapshots;
  access_events: AccessEvents;
  access_level_doors: AccessLevelDoors;
  access_levels: AccessLevels;
  access_permissions: AccessPermissions;
  access_points: AccessPoints;
  access_presence: AccessPresence;
  alerts: Alerts;
  api_tokens: ApiTokens;
  attendance_correction_requests: AttendanceCorrectionRequests;
  attendance_department_day_changes: AttendanceDepartmentDayChanges;
  attendance_department_day_totals: AttendanceDepartmentDayTotals;
  attendance_department_days: AttendanceDepartmentDays;
  attendance_months: AttendanceMonths;
  attendance_records: AttendanceRecords;
  audit_log: AuditLog;
  cameras: Cameras;
  counting_hourly: CountingHourly;
  counting_readings: CountingReadings;
  counting_windows: CountingWindows;
  delegations: Delegations;
  department_headcounts: DepartmentHeadcounts;
  department_managers: DepartmentManagers;
  departments: Departments;
  device_people: DevicePeople;
  device_plans: DevicePlans;
  device_push_rejects: DevicePushRejects;
  devices: Devices;
  event_log: EventLog;
  event_log_commit: EventLogCommit;
  event_log_horizon: EventLogHorizon;
  event_log_readers: EventLogReaders;
  leave_applications: LeaveApplications;
  leave_calendar_days: LeaveCalendarDays;
  leave_department_days: LeaveDepartmentDays;
  leave_ledger: LeaveLedger;
  leave_policies: LeavePolicies;
  leave_status_counts: LeaveStatusCounts;
  leave_types: LeaveTypes;
  login_failures: LoginFailures;
  mail_outbox: MailOutbox;
  password_reset_requests: PasswordResetRequests;
  public_holidays: PublicHolidays;
  recording_segments: RecordingSegments;
  refresh_tokens: RefreshTokens;
  roles: Roles;
  server_secrets: ServerSecrets;
  sessions: Sessions;
  settings: Settings;
  site_admins: SiteAdmins;
  sites: Sites;
  sso_identities: SsoIdentities;
  user_invitations: UserInvitations;
  user_preferences: UserPreferences;
  users: Users;
  video_events: VideoEvents;
  webhook_cursor: WebhookCursor;
  webhook_deliveries: WebhookDeliveries;
  webhook_subscriptions: WebhookSubscriptions;
  work_schedules: WorkSchedules;
}
