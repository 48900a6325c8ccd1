import type { AttendanceOverview } from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { OrgClock, SiteToday } from '../../core/clock';
import type { Database } from '../../db/schema';
import { toOverview } from './attendance.presenter';
import { dayFigures } from './attendance.repository';
import { countInBuilding } from './in-building.repository';
import { oneDate } from './person-site';
import { countInBuildingToday, departmentToday } from './site-days.repository';
import { siteDepartmentDay } from './site-overview.repository';

/** What an organisation-wide date means: each site's own local day once the sites span zones. */
export const localDayOf = (todays: readonly SiteToday[]): AttendanceOverview['localDay'] =>
  new Set(todays.map((t) => t.timeZone)).size > 1 ? 'each_site' : 'organisation';

/**
 * Organisation figures for one date, as the overview and the dashboard both show them: the
 * departments' rows read (dayFigures), the answer built (toOverview).
 */
export async function dayOverview(
  db: Kysely<Database>,
  date: string,
  today: { date: string; dayStart: Date },
  localDay: AttendanceOverview['localDay'],
): Promise<AttendanceOverview> {
  const { rows, inBuilding } = await dayFigures(db, date, today);
  return toOverview(date, rows, inBuilding, localDay);
}

/**
 * The organisation's figures of today: each person's site's today (site-days.repository.ts); one
 * date's read when every site is on the same date. Dated with the organisation's (first site's) today.
 */
export async function todayOverview(db: Kysely<Database>, clock: OrgClock): Promise<AttendanceOverview> {
  const [todays, organisation] = await Promise.all([clock.todays(), clock.today()]);
  const localDay = localDayOf(todays);
  if (oneDate(todays)) {
    const { start } = await clock.dayBounds(organisation.date);
    return dayOverview(db, organisation.date, { date: organisation.date, dayStart: start }, localDay);
  }
  const withStarts = await Promise.all(
    todays.map(async (t) => ({ ...t, dayStart: (await clock.dayBounds(t.date, t.siteId)).start })),
  );
  const [rows, inBuilding] = await Promise.all([
    departmentToday(db, todays),
    countInBuildingToday(db, withStarts),
  ]);
  return toOverview(organisation.date, rows, inBuilding, localDay);
}

/**
 * One site's figures (its people: their own site, else their department's) for a date, by default
 * its own today; who is in now only on that today, as the organisation's overview counts it.
 */
export async function siteOverview(
  db: Kysely<Database>,
  clock: OrgClock,
  siteId: number,
  date?: string,
): Promise<AttendanceOverview> {
  const today = await clock.today(siteId);
  const day = date ?? today.date;
  const [rows, inBuilding] = await Promise.all([
    siteDepartmentDay(db, siteId, day, today.date),
    day === today.date
      ? clock
          .dayBounds(today.date, siteId)
          .then(({ start }) => countInBuilding(db, today.date, start, siteId))
      : undefined,
  ]);
  return toOverview(day, rows, inBuilding, 'site');
}
