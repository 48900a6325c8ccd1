import type { TeamCalendarResponse, TeamTodayQuery, TeamTodayResponse } from '@atrium/contract';
import { localTime, monthRange } from '@atrium/contract/calendar';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import type { OrgClock } from '../../core/clock';
import { forbidden } from '../../core/errors';
import { listScope } from '../../core/policies';
import type { Database } from '../../db/schema';
import type { DayRowFilter } from '../attendance/attendance.repository';
import { dayCounts, pageDayRows } from '../attendance/day-page.repository';
import { personToday } from '../attendance/person-site';
import { calendarDays } from '../leave/leave-counts.repository';
import { readLeaveClashPercent } from '../organisation/organisation.repository';
import { toTeamCounts, toTeamMember } from './team.presenter';
import { activeHeadcount, departmentsNotStarted, lastPassages, lateOn } from './team.repository';

/** A manager's team today (their departments and those below them); an administrator's is everyone. */
export class TeamService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: OrgClock,
  ) {}

  async today(actor: Actor, query: TeamTodayQuery): Promise<TeamTodayResponse> {
    const scope = listScope(actor, 'attendance.view');
    // Staff reach only their own day: they have no team.
    if (scope.userId !== undefined) throw forbidden();
    // The manager's site's today: a team works where its manager does (an administrator's
    // everyone is read on the administrator's site's day).
    const [today, todays] = await Promise.all([
      personToday(this.db, this.clock, actor.userId),
      this.clock.todays(),
    ]);
    const filter: DayRowFilter = {
      start: today.date,
      end: today.date,
      today: today.date,
      // A member of another site is absent once their own site's day has come.
      todays,
      departmentIds: scope.departmentIds,
    };
    const [notStarted, page, late] = await Promise.all([
      departmentsNotStarted(this.db, scope.departmentIds, today.date, localTime(today.now, today.timeZone)),
      pageDayRows(this.db, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
      lateOn(this.db, today.date, scope.departmentIds),
    ]);
    const [waiting, passages] = await Promise.all([
      notStarted.length > 0 ? dayCounts(this.db, { ...filter, departmentIds: notStarted }) : undefined,
      lastPassages(
        this.db,
        page.rows.map((r) => r.user_id),
      ),
    ]);
    const notStartedSet = new Set(notStarted);
    const byPerson = new Map(passages.map((p) => [p.user_id, p]));
    return {
      date: today.date,
      counts: toTeamCounts(page.counts.days[0], late, waiting?.days[0]?.absent ?? 0),
      members: page.rows.map((row) => toTeamMember(row, notStartedSet, byPerson.get(row.user_id))),
      total: page.total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /**
   * The team's leave per day of a month, approved and pending, each day marked a clash when as
   * many are off as the organisation's clash share of the team (at least two people).
   */
  async calendar(actor: Actor, year: number, month: number): Promise<TeamCalendarResponse> {
    const scope = listScope(actor, 'leave.view');
    if (scope.userId !== undefined) throw forbidden();
    const { start, end } = monthRange(`${year}-${String(month).padStart(2, '0')}`);
    const [days, size, percent] = await Promise.all([
      calendarDays(this.db, start, end, scope),
      activeHeadcount(this.db, scope.departmentIds),
      readLeaveClashPercent(this.db),
    ]);
    const threshold = percent === 0 ? null : Math.max(2, Math.ceil((size * percent) / 100));
    return {
      team_size: size,
      clash_threshold: threshold,
      days: days.map((d) => ({ ...d, clash: threshold !== null && d.approved + d.pending >= threshold })),
    };
  }
}
