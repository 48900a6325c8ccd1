-- API tokens (issue 34): credentials another system presents as `Authorization: Bearer atr_...`.
-- A token belongs to the organisation, not to a session: it acts organisation-wide for exactly
-- its scopes (policy actions). Only a SHA-256 of the secret is kept; the secret is shown once.
-- `prefix` is the secret's first characters, for an administrator to recognise which token is which.
CREATE TABLE api_tokens (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name          text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  scopes        text[] NOT NULL,
  token_hash    text NOT NULL,
  prefix        text NOT NULL,
  created_by    integer REFERENCES users (id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz,
  revoked_by    integer REFERENCES users (id) ON DELETE SET NULL,
  last_used_at  timestamptz,
  last_used_ip  text
);

-- Every request of a token looks it up by its hash (when not cached).
CREATE UNIQUE INDEX api_tokens_hash_key ON api_tokens (token_hash);
