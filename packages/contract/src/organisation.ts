import { z } from 'zod';
import { OkResponse } from './auth';
import { CalendarDate, Id, IdParam, Text } from './common';
import { endpoint } from './endpoint';

/** ISO weekday: 1 = Monday ... 7 = Sunday. */
export const IsoWeekday = z
  .number({ error: 'must be a weekday number' })
  .int({ error: 'must be a weekday number' })
  .min(1, { error: 'must be a weekday from 1 (Monday) to 7 (Sunday)' })
  .max(7, { error: 'must be a weekday from 1 (Monday) to 7 (Sunday)' });

const isKnownTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
};

export const TimeZoneName = z
  .string({ error: 'must be text' })
  .max(64, { error: 'must be at most 64 characters' })
  .refine(isKnownTimeZone, { error: 'must be an IANA time zone such as Europe/London' });

/** The organisation's own settings, as an administrator sees and edits them. */
export const OrganisationSettings = z.object({
  organisationName: z.string(),
  timeZone: z.string(),
  /** The work week new departments start with. */
  workWeek: z.array(IsoWeekday),
  /** A leave application waiting longer than this many working days goes one manager up; 0: never. */
  leaveEscalationDays: z.number().int(),
  /** The share of a team off on one day (approved or pending) from which its calendar warns; 0: never. */
  leaveClashPercent: z.number().int(),
});
export type OrganisationSettings = z.infer<typeof OrganisationSettings>;

export const OrganisationSettingsRequest = z.object({
  organisationName: Text(80).min(1, { error: 'is required' }),
  timeZone: TimeZoneName,
  workWeek: z
    .array(IsoWeekday, { error: 'must be a list of weekdays' })
    .min(1, { error: 'must hold at least one day' })
    .max(7, { error: 'must hold at most 7 days' })
    .refine((days) => new Set(days).size === days.length, { error: 'must not repeat a day' }),
  /** Unchanged when left out. */
  leaveEscalationDays: z
    .number({ error: 'must be a whole number from 0 to 60' })
    .int({ error: 'must be a whole number from 0 to 60' })
    .min(0, { error: 'must be a whole number from 0 to 60' })
    .max(60, { error: 'must be a whole number from 0 to 60' })
    .optional(),
  /** Unchanged when left out. */
  leaveClashPercent: z
    .number({ error: 'must be a whole number from 0 to 100' })
    .int({ error: 'must be a whole number from 0 to 100' })
    .min(0, { error: 'must be a whole number from 0 to 100' })
    .max(100, { error: 'must be a whole number from 0 to 100' })
    .optional(),
});
export type OrganisationSettingsRequest = z.infer<typeof OrganisationSettingsRequest>;

export const OrganisationSettingsResponse = z.object({ settings: OrganisationSettings });

/** A public holiday: not a workday for anybody at its site, or at any site when it names none. */
export const Holiday = z.object({
  id: z.number().int(),
  date: z.string(),
  name: z.string(),
  /** The one site it is a holiday of; null: every site. */
  site_id: z.number().int().nullable(),
  site: z.string().nullable(),
});
export type Holiday = z.infer<typeof Holiday>;

/** A site's id, or null (or left out) for every site. */
const HolidaySite = Id.nullable().optional();

/**
 * One date holds one holiday per site: a holiday of every site leaves no room that day for one of
 * a single site, and the reverse.
 */
export const HolidayRequest = z.object({
  date: CalendarDate,
  name: Text(80).min(1, { error: 'is required' }),
  siteId: HolidaySite,
});
export type HolidayRequest = z.infer<typeof HolidayRequest>;

const Year = z.coerce
  .number({ error: 'must be a year' })
  .int({ error: 'must be a year' })
  .min(2000, { error: 'must be from 2000 to 2100' })
  .max(2100, { error: 'must be from 2000 to 2100' });

/**
 * With siteId: that site's holidays and those of every site; with person=me, those of the
 * caller's own site (their own, else their department's), as their calendar keeps them.
 */
export const HolidaysQuery = z.object({
  year: Year,
  siteId: IdParam.optional(),
  person: z.enum(['me'], { error: "must be 'me'" }).optional(),
});
export const HolidaysResponse = z.object({ holidays: z.array(Holiday) });
export const HolidayResponse = z.object({ holiday: Holiday });
export const HolidayIdParams = z.object({ id: IdParam });
/** Without siteId every holiday of the year is copied, each to its own site; with it, that site's own. */
export const CopyHolidaysRequest = z.object({ fromYear: Year, toYear: Year, siteId: HolidaySite });
export type CopyHolidaysRequest = z.infer<typeof CopyHolidaysRequest>;
/** What a copy added, and how many it left out because that date already had a holiday. */
export const CopyHolidaysResponse = z.object({ holidays: z.array(Holiday), skipped: z.number().int() });

export const organisationApi = {
  settings: endpoint({
    method: 'GET',
    path: '/settings',
    audience: 'admin',
    summary: "The organisation's name, time zone and default work week",
    response: OrganisationSettingsResponse,
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/settings',
    audience: 'admin',
    summary: 'Change the organisation settings (audited; a new zone changes what "today" means)',
    body: OrganisationSettingsRequest,
    response: OrganisationSettingsResponse,
  }),
  holidays: endpoint({
    method: 'GET',
    path: '/holidays',
    audience: 'user',
    summary:
      "A year's public holidays, by date, each of one site or of every site (everyone's calendar marks them)",
    query: HolidaysQuery,
    response: HolidaysResponse,
  }),
  createHoliday: endpoint({
    method: 'POST',
    path: '/holidays',
    audience: 'admin',
    summary: 'Declare a public holiday, of one site or of every site',
    body: HolidayRequest,
    status: 201,
    response: HolidayResponse,
  }),
  updateHoliday: endpoint({
    method: 'PUT',
    path: '/holidays/:id',
    audience: 'admin',
    summary: "Change a holiday's date, name or site",
    params: HolidayIdParams,
    body: HolidayRequest,
    response: HolidayResponse,
  }),
  deleteHoliday: endpoint({
    method: 'DELETE',
    path: '/holidays/:id',
    audience: 'admin',
    summary: 'Remove a public holiday',
    params: HolidayIdParams,
    response: OkResponse,
  }),
  copyHolidays: endpoint({
    method: 'POST',
    path: '/holidays/copy',
    audience: 'admin',
    summary: "Copy one year's holidays to the same dates of another year",
    body: CopyHolidaysRequest,
    status: 201,
    response: CopyHolidaysResponse,
  }),
};
