-- Payroll (issue 34): whether a day of a leave type is paid. Every type is paid unless said
-- otherwise; the standard Unpaid Leave type (UL) is not. The pay period and overtime thresholds
-- live in the settings table under the key 'payroll' (payroll-settings.repository.ts).
ALTER TABLE leave_types ADD COLUMN paid boolean NOT NULL DEFAULT true;
UPDATE leave_types SET paid = false WHERE leave_code = 'UL';
