import type { AttendanceOverview } from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { toOverview } from './attendance.presenter';
import { dayFigures } from './attendance.repository';

/**
 * Organisation figures for one date, as the overview and the dashboard both show them: the
 * departments' rows read (dayFigures), the answer built (toOverview).
 */
export async function dayOverview(
  db: Kysely<Database>,
  date: string,
  today: { date: string; dayStart: Date },
): Promise<AttendanceOverview> {
  const { rows, inBuilding } = await dayFigures(db, date, today);
  return toOverview(date, rows, inBuilding);
}
