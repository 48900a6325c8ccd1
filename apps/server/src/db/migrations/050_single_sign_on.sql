-- Single sign-on (issue 33): who a provider's subject is here, and which sessions it opened (so a
-- back-channel logout naming the provider's session or subject ends exactly those).
CREATE TABLE sso_identities (
  issuer         text NOT NULL,
  subject        text NOT NULL,
  user_id        integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email          text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  last_login_at  timestamptz,
  PRIMARY KEY (issuer, subject)
);
CREATE INDEX sso_identities_user_idx ON sso_identities (user_id);

ALTER TABLE sessions
  ADD COLUMN sso_issuer   text,
  ADD COLUMN sso_subject  text,
  -- The provider's session (the ID token's sid), when it names one.
  ADD COLUMN sso_sid      text;
CREATE INDEX sessions_sso_idx ON sessions (sso_issuer, sso_subject) WHERE sso_issuer IS NOT NULL AND revoked_at IS NULL;
