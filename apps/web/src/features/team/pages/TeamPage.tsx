import { useState } from 'react';
import { Card, CardContent } from '@/components/ui/Card';
import { PageHeader } from '@/components/ui/PageHeader';
import { Pagination } from '@/components/ui/Pagination';
import { QueryState } from '@/components/ui/QueryState';
import { calendarDateText } from '@/lib/dates';
import { counted } from '@/lib/plural';
import { useTeamToday } from '../api/team-api';
import { DelegationCard } from '../components/DelegationCard';
import { TeamAttendance } from '../components/TeamAttendance';
import { TeamCalendar } from '../components/TeamCalendar';
import { TeamMembers } from '../components/TeamMembers';
import { TeamTiles } from '../components/TeamTiles';

export const TEAM_PAGE_SIZE = 25;

/**
 * /team, for managers: Team Today, where each of their team stands today (the counts, then the
 * people a page at a time). The team's events arrive live; it also asks again every minute and on focus (see team-api).
 * Below it, Team Calendar (the team's leave per day of a month, with the days that clash), Team
 * Attendance (the team's person-days on a date, and their CSV), and Delegate My Approvals: the
 * manager hands their team's leave decisions on for a period.
 */
export function TeamPage() {
  const [page, setPage] = useState(1);
  const today = useTeamToday({ page, pageSize: TEAM_PAGE_SIZE });
  const total = today.data?.total;
  // A team that shrank between refreshes can leave this page past the last: go to the last.
  const lastPage = total === undefined ? page : Math.max(1, Math.ceil(total / TEAM_PAGE_SIZE));
  if (page > lastPage) setPage(lastPage);

  return (
    <>
      <PageHeader title="My Team" description="Your team today: who is in, late, away or not in yet." />
      <section aria-labelledby="team-today" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h2 id="team-today" className="text-lg font-semibold text-slate-900">
            Team Today
          </h2>
          {today.data ? (
            <p className="text-sm text-slate-600" data-testid="team-date">
              {calendarDateText(today.data.date)}
            </p>
          ) : null}
        </div>
        <QueryState query={today} what="Team Today is" loadingClassName="py-10">
          {(data) => (
            <>
              {/* The tiles stay on a day nobody is expected (a weekend): zeros are figures too,
                  and a check-in that day still counts. */}
              <TeamTiles counts={data.counts} />
              {data.total === 0 ? (
                <Card>
                  <CardContent className="py-10 text-center text-sm text-slate-600">
                    Nobody in your team is expected today.
                  </CardContent>
                </Card>
              ) : (
                <>
                  <div aria-busy={today.isPlaceholderData}>
                    <TeamMembers members={data.members} date={data.date} />
                    <Pagination
                      page={page}
                      pageSize={TEAM_PAGE_SIZE}
                      total={data.total}
                      onPage={setPage}
                      label="Team pages"
                    />
                  </div>
                  <p className="text-sm text-slate-600">{counted(data.total, 'person', 'people')}</p>
                </>
              )}
            </>
          )}
        </QueryState>
      </section>
      <div className="mt-8">
        <TeamCalendar />
      </div>
      <div className="mt-8">
        <TeamAttendance />
      </div>
      <div className="mt-8">
        <DelegationCard />
      </div>
    </>
  );
}
