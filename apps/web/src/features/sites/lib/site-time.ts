import { localDate, localTime } from '@atrium/contract/calendar';
import { calendarDateText } from '@/lib/dates';

/**
 * "Fri 27 Nov, 21:05 (UTC+08:00)": the site's own date and time at `now`, on its zone. The
 * offset is the server's for the moment the list was read (a DST change moves it at the next
 * refresh, while the time itself is always the zone's).
 */
export function siteNowText(timeZone: string, utcOffset: string, now: Date = new Date()): string {
  return `${calendarDateText(localDate(now, timeZone), false)}, ${localTime(now, timeZone)} (UTC${utcOffset})`;
}

const zones: readonly string[] = Intl.supportedValuesOf('timeZone');

/** The browser's IANA zones, with UTC (which some browsers leave out) and the site's own first. */
export function zoneChoices(current?: string): string[] {
  const all = zones.includes('UTC') ? [...zones] : ['UTC', ...zones];
  return current && !all.includes(current) ? [current, ...all] : all;
}
