import type { TeamCalendarDay } from '@atrium/contract';
import { ChevronLeft, ChevronRight, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { QueryState } from '@/components/ui/QueryState';
import { organisationToday } from '@/lib/org-time';
import { counted } from '@/lib/plural';
import { useTeamCalendar } from '../api/team-api';
import { mondayGrid, monthName, monthOf, shiftMonth, type YearMonth } from '../lib/calendar';
import { CalendarDayList } from './CalendarDayList';
import { CalendarGrid } from './CalendarGrid';
import { DayPeople } from './DayPeople';

/**
 * Team Calendar, on My Team: a month of the team's leave (approved and pending) per day, the
 * days on which so many are off that the team clashes marked, and who is off on a chosen day.
 * A phone gets the days with leave as a list instead of the seven-column grid.
 */
export function TeamCalendar() {
  const today = organisationToday();
  const [month, setMonth] = useState<YearMonth>(() => monthOf(today));
  const [chosen, setChosen] = useState<string | null>(null);
  const [dayPage, setDayPage] = useState(1);
  const calendar = useTeamCalendar(month.year, month.month);
  const name = monthName(month);

  const choose = (date: string | null) => {
    setChosen(date);
    setDayPage(1);
  };
  const go = (by: number) => {
    setMonth(shiftMonth(month, by));
    choose(null);
  };

  return (
    <section aria-labelledby="team-calendar" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <h2 id="team-calendar" className="text-lg font-semibold text-slate-900">
          Team Calendar
        </h2>
        <div className="flex items-center gap-2">
          <Button variant="secondary" size="sm" onClick={() => go(-1)} aria-label="Previous month">
            <ChevronLeft aria-hidden="true" className="size-4" />
          </Button>
          <h3
            className="min-w-32 text-center text-base font-semibold text-slate-900"
            aria-live="polite"
            data-testid="team-calendar-month"
          >
            {name}
          </h3>
          <Button variant="secondary" size="sm" onClick={() => go(1)} aria-label="Next month">
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </div>
      <QueryState
        query={calendar}
        what="The team calendar is"
        retryLabel="Retry loading the team calendar"
        loadingClassName="py-10"
      >
        {(data) => {
          const days = new Map<string, TeamCalendarDay>(data.days.map((d) => [d.date, d]));
          const clashes = data.days.filter((d) => d.clash).length;
          return (
            <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
              <div aria-busy={calendar.isPlaceholderData} className="space-y-3">
                {clashes > 0 && data.clash_threshold !== null ? (
                  <p
                    className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
                    data-testid="team-calendar-clash"
                  >
                    <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    Clash: {counted(clashes, 'day')} with {data.clash_threshold} or more of your team off
                  </p>
                ) : null}
                <CalendarGrid
                  className="hidden sm:grid"
                  cells={mondayGrid(month)}
                  days={days}
                  today={today}
                  chosen={chosen}
                  onChoose={choose}
                />
                <CalendarDayList className="sm:hidden" days={data.days} chosen={chosen} onChoose={choose} />
                {data.days.length === 0 ? (
                  <p className="text-sm text-slate-600">Nobody in your team is off this month.</p>
                ) : null}
                <p className="text-xs text-slate-600">
                  Counts include pending applications. Team of {counted(data.team_size, 'person', 'people')}.
                </p>
              </div>
              {chosen ? <DayPeople date={chosen} page={dayPage} onPage={setDayPage} /> : null}
            </div>
          );
        }}
      </QueryState>
    </section>
  );
}
