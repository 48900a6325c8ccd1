-- Each person's choice of the optional mails (issue 33). Invitations and password resets are not
-- optional and have no column. Leave news is on by default (an approver who never opens the app
-- must still hear of a request); device alerts are off by default, since only administrators get
-- them and a night of a flapping device would otherwise fill every admin's inbox unasked.
ALTER TABLE users
  ADD COLUMN mail_leave_updates  boolean NOT NULL DEFAULT true,
  ADD COLUMN mail_device_alerts  boolean NOT NULL DEFAULT false;

-- The new kinds: an escalated application, and the two device alerts admins may opt into.
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
  CHECK (kind IN ('invitation', 'password_reset', 'leave_submitted', 'leave_decided', 'leave_escalated',
                  'device_offline', 'door_forced_open'));

-- Who a device alert mails, looked up inside the access ingest statement for every forced door:
-- the few opted-in active administrators, found without reading every user.
CREATE INDEX users_device_alert_mail_idx ON users (id) WHERE mail_device_alerts AND active AND role = 'admin';
