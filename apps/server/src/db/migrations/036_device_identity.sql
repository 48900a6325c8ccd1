-- Devices added from the screen (issue 32): what the device said it is (ISAPI deviceInfo) and
-- when it was removed. A removed device keeps its row, and so its history (access events, alerts,
-- counting windows); it stops counting anywhere devices are listed or watched. Serial numbers are
-- longer than the 32 characters a hand-named code had: a code may now be 64.
ALTER TABLE devices
  ADD COLUMN serial_number    text,
  ADD COLUMN firmware_version text,
  ADD COLUMN mac_address      text,
  ADD COLUMN removed_at       timestamptz,
  DROP CONSTRAINT devices_device_id_check,
  ADD CONSTRAINT devices_device_id_check CHECK (device_id ~ '^[A-Za-z0-9_-]{1,64}$');

-- One registration a serial number (a removed device that comes back is that same row again).
CREATE UNIQUE INDEX devices_serial_number_key ON devices (serial_number) WHERE serial_number IS NOT NULL;
