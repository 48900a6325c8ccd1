-- People administered in the app: a start date, and one-time links to set a password
-- (an invitation for a new person, a reset for someone who forgot theirs).
ALTER TABLE users ADD COLUMN start_date date;

CREATE TABLE user_invitations (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id),
  purpose     text NOT NULL CHECK (purpose IN ('invite', 'reset')),
  -- SHA-256 of the token: the link itself is shown once, to the administrator who made it.
  token_hash  text NOT NULL UNIQUE,
  created_by  integer REFERENCES users (id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  -- A newer link for the same person replaces this one.
  revoked_at  timestamptz
);
CREATE INDEX user_invitations_user_idx ON user_invitations (user_id);
