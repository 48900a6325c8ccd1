import type { PersonAttendanceDay, PersonDetailResponse } from '@atrium/contract';
import { addDays, hoursBetween } from '@atrium/contract/calendar';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import type { OrgClock } from '../../core/clock';
import { notFound } from '../../core/errors';
import { authorize } from '../../core/policies';
import type { Database } from '../../db/schema';
import { toAccessPermission } from '../access/access.presenter';
import { permissionsOf } from '../access/access.repository';
import { type RecordRow, recordsBetween } from '../attendance/attendance.repository';
import { type PersonSpan, personDayKinds, personSpan } from '../attendance/person-day.repository';
import { personToday } from '../attendance/person-site';
import { findUserSchedule, type Schedule } from '../attendance/schedules.repository';
import { bookedBalances } from '../leave/balances';
import { findPerson } from '../people/people.repository';

/** How many days back the person page shows attendance, today included. */
const RECENT_DAYS = 14;

/** The person page's days, newest first: each day of their employment as person-day.ts has it. */
function recentDays(
  schedule: Schedule,
  span: PersonSpan,
  records: RecordRow[],
  from: string,
  today: string,
): PersonAttendanceDay[] {
  const byDate = new Map(records.map((r) => [r.date, r]));
  const kindOf = personDayKinds(schedule, span, new Set(byDate.keys()), today);
  const days: PersonAttendanceDay[] = [];
  for (let date = today; date >= from; date = addDays(date, -1)) {
    const kind = kindOf(date);
    if (kind === 'not_employed' || kind === 'ahead') continue;
    const r = byDate.get(date);
    days.push({
      date,
      kind,
      leave_type: span.leave.get(date) ?? null,
      check_in_time: r?.check_in_time.toISOString() ?? null,
      check_out_time: r?.check_out_time?.toISOString() ?? null,
      hours: r?.check_out_time ? hoursBetween(r.check_in_time, r.check_out_time) : null,
      late: r?.late ?? false,
      early_exit: r?.early_exit ?? false,
      source: r?.source ?? null,
    });
  }
  return days;
}

/** The person page: one person as people, attendance, leave and access each know them. */
export class PersonPageService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: OrgClock,
  ) {}

  async detail(actor: Actor, userId: number): Promise<PersonDetailResponse> {
    authorize(actor, 'people.view');
    const person = await findPerson(this.db, userId);
    if (!person) throw notFound('Person');
    // Their days are their site's days.
    const today = await personToday(this.db, this.clock, userId);
    const from = addDays(today.date, 1 - RECENT_DAYS);
    const [schedule, records, span, balances, permissions] = await Promise.all([
      findUserSchedule(this.db, userId, { from, to: today.date }),
      recordsBetween(this.db, userId, from, today.date),
      personSpan(this.db, userId, from, today.date),
      bookedBalances(this.db, userId, today.year, today.year),
      permissionsOf(this.db, userId),
    ]);
    // Newest first, none later than today: the first is the version in force today.
    const current = schedule?.versions[0];
    if (!current) throw notFound('Person');
    return {
      person,
      schedule: {
        workdays: current.workdays,
        start_time: current.start_time,
        end_time: current.end_time,
        grace_minutes: current.grace_minutes,
      },
      recent_attendance: recentDays(schedule!, span, records, from, today.date),
      leave_balances: balances,
      access_permissions: permissions.map((p) => toAccessPermission(p, today.date)),
    };
  }
}
