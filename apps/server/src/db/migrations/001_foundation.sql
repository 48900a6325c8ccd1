-- Foundation: organisation, people, sessions, audit.

CREATE TABLE departments (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name        text NOT NULL UNIQUE CHECK (btrim(name) <> ''),
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Roles are rows, so a new role (manager) is an insert, and users.role stays constrained.
CREATE TABLE roles (
  name        text PRIMARY KEY,
  description text NOT NULL
);
INSERT INTO roles (name, description) VALUES
  ('admin', 'Administrator: sees and manages the whole organisation'),
  ('staff', 'Employee: sees and manages their own records');

CREATE TABLE users (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  employee_number  text NOT NULL UNIQUE,
  badge_number     text NOT NULL UNIQUE,
  first_name       text NOT NULL CHECK (btrim(first_name) <> ''),
  last_name        text NOT NULL CHECK (btrim(last_name) <> ''),
  email            text NOT NULL CHECK (email = lower(email) AND position('@' in email) > 1),
  password_hash    text,
  role             text NOT NULL REFERENCES roles (name),
  department_id    integer REFERENCES departments (id),
  active           boolean NOT NULL DEFAULT true,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE INDEX users_department_idx ON users (department_id);

CREATE TABLE sessions (
  id              uuid PRIMARY KEY,
  user_id         integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at      timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL,
  revoked_at      timestamptz,
  revoked_reason  text,
  ip              text,
  user_agent      text
);
CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;

-- Refresh tokens are stored as SHA-256 hashes; each is used once (rotation).
CREATE TABLE refresh_tokens (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  session_id  uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  token_hash  text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  used_at     timestamptz
);
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);

CREATE TABLE login_failures (
  id     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email  text NOT NULL,
  ip     text NOT NULL,
  at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_email_ip_idx ON login_failures (email, ip, at);
CREATE INDEX login_failures_ip_idx ON login_failures (ip, at);

CREATE TABLE audit_log (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at             timestamptz NOT NULL DEFAULT now(),
  actor_user_id  integer REFERENCES users (id) ON DELETE SET NULL,
  action         text NOT NULL,
  target_type    text,
  target_id      text,
  ip             text,
  details        jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_user_id, at DESC);

CREATE TABLE settings (
  key         text PRIMARY KEY,
  value       jsonb NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- Kept apart from settings: never shown to anyone, shared by every server process.
CREATE TABLE server_secrets (
  name   text PRIMARY KEY,
  value  text NOT NULL
);
INSERT INTO server_secrets (name, value)
VALUES ('jwt_signing_key', encode(sha256(gen_random_uuid()::text::bytea || clock_timestamp()::text::bytea || random()::text::bytea), 'hex')
  || encode(sha256(gen_random_uuid()::text::bytea || random()::text::bytea), 'hex'));
