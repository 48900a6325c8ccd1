import type { Site } from '@atrium/contract';

const weekdayDayMonth = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/**
 * "Today in Singapore Warehouse (Saturday 28 November)": the site's own date, which may differ
 * from the browser's and the organisation's. Formatted as the UTC noon it names, so it never shifts.
 */
export function siteTodayText(site: Pick<Site, 'name' | 'today'>): string {
  return `Today in ${site.name} (${weekdayDayMonth.format(new Date(`${site.today}T12:00:00Z`))})`;
}

/**
 * Whether "today" means each site's local day over every site: the server's rule for localDay
 * 'each_site' (the sites keep more than one zone), for screens whose answers do not carry it.
 */
export function sitesSpanZones(sites: readonly Pick<Site, 'time_zone'>[]): boolean {
  return new Set(sites.map((s) => s.time_zone)).size > 1;
}
