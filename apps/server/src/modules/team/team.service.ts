import type { TeamTodayQuery, TeamTodayResponse } from '@atrium/contract';
import { localTime } from '@atrium/contract/calendar';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import type { OrgClock } from '../../core/clock';
import { forbidden } from '../../core/errors';
import { listScope } from '../../core/policies';
import type { Database } from '../../db/schema';
import type { DayRowFilter } from '../attendance/attendance.repository';
import { dayCounts, pageDayRows } from '../attendance/day-page.repository';
import { toTeamCounts, toTeamMember } from './team.presenter';
import { departmentsNotStarted, lastPassages, lateOn } from './team.repository';

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
    const today = await this.clock.today();
    const filter: DayRowFilter = {
      start: today.date,
      end: today.date,
      today: today.date,
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
}
