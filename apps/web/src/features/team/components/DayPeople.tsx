import { useId } from 'react';
import { Badge } from '@/components/ui/Badge';
import { Pagination } from '@/components/ui/Pagination';
import { QueryState } from '@/components/ui/QueryState';
import { calendarDateText } from '@/lib/dates';
import { counted } from '@/lib/plural';
import { TEAM_DAY_PAGE_SIZE, useTeamDay } from '../api/team-api';
import { LEAVE_STATUS_LABEL, LEAVE_STATUS_TONE, partText } from '../lib/format';

/** Who of the team is off on the chosen day, with their leave type and status, a page at a time. */
export function DayPeople({
  date,
  page,
  onPage,
}: {
  date: string;
  page: number;
  onPage: (page: number) => void;
}) {
  const id = useId();
  const day = useTeamDay(date, page);
  const heading = `Off on ${calendarDateText(date)}`;
  return (
    <section
      aria-labelledby={id}
      aria-busy={day.isPlaceholderData}
      className="rounded-lg border border-slate-200 bg-slate-50 p-3"
      data-testid="team-calendar-day"
    >
      <h4 id={id} className="text-sm font-semibold text-slate-900" aria-live="polite">
        {heading}
      </h4>
      <QueryState
        query={day}
        what="Who is off"
        retryLabel="Retry loading who is off"
        loadingClassName="py-4"
        isEmpty={(data) => data.total === 0}
        empty={<p className="mt-2 text-sm text-slate-600">Nobody in your team is off on this day.</p>}
      >
        {({ entries, total }) => (
          <>
            <ul className="mt-2 divide-y divide-slate-200" aria-label="Off this day">
              {entries.map((entry) => (
                <li
                  key={entry.application_id}
                  className="flex flex-wrap items-center justify-between gap-2 py-2"
                  data-testid="team-calendar-person"
                >
                  <div className="min-w-0">
                    <p className="text-sm font-medium text-slate-900">{entry.user.name}</p>
                    <p className="text-xs text-slate-600">
                      {entry.leave_type}
                      {partText(entry.part)}
                    </p>
                  </div>
                  <Badge tone={LEAVE_STATUS_TONE[entry.status]}>{LEAVE_STATUS_LABEL[entry.status]}</Badge>
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              pageSize={TEAM_DAY_PAGE_SIZE}
              total={total}
              onPage={onPage}
              label="People off pages"
            />
            <p className="mt-1 text-xs text-slate-600">{counted(total, 'person', 'people')} off</p>
          </>
        )}
      </QueryState>
    </section>
  );
}
