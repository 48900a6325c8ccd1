import type { Holiday, OrganisationSettings } from '@atrium/contract';
import type { HolidayRow } from './holidays.repository';

export const toHoliday = (row: HolidayRow): Holiday => ({
  id: row.id,
  date: row.date,
  name: row.name,
  site_id: row.site_id,
  site: row.site,
});

export const toSettings = (
  organisationName: string,
  timeZone: string,
  workWeek: OrganisationSettings['workWeek'],
  leave: { escalationDays: number; clashPercent: number },
): OrganisationSettings => ({
  organisationName,
  timeZone,
  workWeek,
  leaveEscalationDays: leave.escalationDays,
  leaveClashPercent: leave.clashPercent,
});
