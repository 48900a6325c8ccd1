import { localDate, localTime, zonedInstant } from '@atrium/contract/calendar';

/**
 * The organisation's clock. Attendance dates and times belong to the organisation's time zone,
 * not to whichever zone a browser happens to be in, so screens show and take times on it.
 * Until the zone is known (it comes with app-info, loaded before any page) the browser's is used.
 */
let zone: string = Intl.DateTimeFormat().resolvedOptions().timeZone;

export function setOrganisationTimeZone(timeZone: string): void {
  zone = timeZone;
}

/** Today's date on the organisation's clock, 'YYYY-MM-DD'. */
export function organisationToday(now: Date = new Date()): string {
  return localDate(now, zone);
}

/** 'HH:MM' of an instant on the organisation's clock. */
export function organisationClock(instant: string | Date): string {
  return localTime(new Date(instant), zone);
}

/** The ISO instant of a wall time on an organisation date (DST handled by the IANA rules). */
export function organisationInstant(date: string, time: string): string {
  return zonedInstant(date, time, zone).toISOString();
}
