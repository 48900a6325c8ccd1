-- Atrium sets a device's event target itself (ISAPI httpHosts) and reads it back (issue 32): when
-- that last worked, or why it did not. The target's URL holds the push secret, so it is not kept.
ALTER TABLE devices
  ADD COLUMN push_configured_at timestamptz,
  ADD COLUMN push_error         text;
