import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface DepartmentsTable {
  id: Generated<number>;
  name: string;
  created_at: Generated<Date>;
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

export interface ServerSecretsTable {
  name: string;
  value: string;
}

export interface Database {
  departments: DepartmentsTable;
  roles: RolesTable;
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  login_failures: LoginFailuresTable;
  audit_log: AuditLogTable;
  settings: SettingsTable;
  server_secrets: ServerSecretsTable;
}
