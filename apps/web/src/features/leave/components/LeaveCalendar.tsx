import type { LeaveCalendarEvent } from '@atrium/contract';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card, CardContent } from '@/components/ui/Card';
import { inputClasses } from '@/components/ui/input-classes';
import { Pagination } from '@/components/ui/Pagination';
import { QueryState } from '@/components/ui/QueryState';
import { cn } from '@/lib/cn';
import { DAY_PAGE_SIZE, useLeaveCalendar, useLeaveDay } from '../api/leave-api';
import { monthGrid, shiftMonth, WEEKDAYS } from '../lib/calendar';
import { formatDate } from '../lib/format';
import { localToday } from '../lib/wizard';
import { StatusBadge } from './StatusBadge';

/** Calendar View: who is away on which day; choosing a day lists the names. */
export function LeaveCalendar() {
  const today = localToday();
  const [month, setMonth] = useState({ year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) });
  const [chosen, setChosen] = useState<string | null>(null);
  const events = useLeaveCalendar(month.year, month.month);
  const byDate = new Map<string, LeaveCalendarEvent>((events.data ?? []).map((e) => [e.date, e]));
  const [dayPage, setDayPage] = useState(1);
  const day = useLeaveDay(chosen, dayPage);
  const choose = (date: string | null) => {
    setChosen(date);
    setDayPage(1);
  };
  const monthValue = `${month.year}-${String(month.month).padStart(2, '0')}`;
  const label = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${monthValue}-01T00:00:00Z`),
  );
  const go = (by: number) => {
    setMonth(shiftMonth(month.year, month.month, by));
    choose(null);
  };

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardContent>
          <div className="mb-4 flex flex-wrap items-center gap-2">
            <Button variant="secondary" size="sm" onClick={() => go(-1)} aria-label="Previous month">
              <ChevronLeft aria-hidden="true" className="size-4" />
            </Button>
            <label>
              <span className="sr-only">Month</span>
              <input
                type="month"
                value={monthValue}
                onChange={(e) => {
                  const [y, m] = e.target.value.split('-').map(Number);
                  if (y && m) {
                    setMonth({ year: y, month: m });
                    choose(null);
                  }
                }}
                className={cn(inputClasses, 'w-auto')}
              />
            </label>
            <Button variant="secondary" size="sm" onClick={() => go(1)} aria-label="Next month">
              <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
            <h2 className="ml-auto text-base font-semibold text-slate-900" aria-live="polite">
              {label}
            </h2>
          </div>
          <QueryState query={events} what="Leave calendar" loadingClassName="py-10">
            {() => (
              <div className="grid grid-cols-7 gap-1">
                {WEEKDAYS.map((d) => (
                  <div
                    key={d}
                    aria-hidden="true"
                    className="py-1 text-center text-xs font-medium text-slate-500"
                  >
                    {d}
                  </div>
                ))}
                {monthGrid(month.year, month.month).map((cell) => {
                  const counts = byDate.get(cell.date);
                  const pending = (counts?.pending ?? 0) > 0;
                  const approved = (counts?.approved ?? 0) > 0;
                  const away = (counts?.pending ?? 0) + (counts?.approved ?? 0);
                  const halves = counts?.half_day ?? 0;
                  const halvesText = halves === 0 ? '' : `, ${halves} of them for half the day`;
                  return (
                    <button
                      key={cell.date}
                      type="button"
                      aria-pressed={chosen === cell.date}
                      aria-label={`${formatDate(cell.date)}: ${away === 0 ? 'nobody on leave' : `${away} on leave${halvesText}`}`}
                      onClick={() => choose(cell.date)}
                      className={cn(
                        'flex aspect-square min-h-10 flex-col items-center justify-start rounded-lg p-1 text-sm sm:aspect-auto sm:h-16',
                        'focus-visible:outline-2 focus-visible:outline-indigo-600',
                        cell.inMonth ? 'text-slate-900' : 'text-slate-400',
                        cell.date === today && 'ring-2 ring-indigo-500',
                        chosen === cell.date
                          ? 'bg-indigo-100'
                          : away > 0
                            ? 'bg-blue-50 hover:bg-blue-100'
                            : 'hover:bg-slate-100',
                      )}
                    >
                      <span>{Number(cell.date.slice(8))}</span>
                      {away > 0 ? (
                        <span className="mt-1 flex items-center gap-0.5" aria-hidden="true">
                          {approved ? <span className="size-2 rounded-full bg-green-500" /> : null}
                          {pending ? <span className="size-2 rounded-full bg-yellow-400" /> : null}
                          <span className="hidden text-xs text-slate-600 sm:inline">{away}</span>
                          {halves > 0 ? (
                            <span className="ml-0.5 rounded bg-white px-0.5 text-xs leading-none text-slate-700 ring-1 ring-slate-300">
                              ½
                            </span>
                          ) : null}
                        </span>
                      ) : null}
                    </button>
                  );
                })}
              </div>
            )}
          </QueryState>
          <ul className="mt-4 flex flex-wrap gap-4 text-sm text-slate-700" aria-label="Legend">
            <li className="flex items-center gap-2">
              <span className="size-3 rounded bg-blue-50 ring-1 ring-blue-200" /> Leave Days
            </li>
            <li className="flex items-center gap-2">
              <span className="size-3 rounded-full bg-yellow-400" /> Pending Approval
            </li>
            <li className="flex items-center gap-2">
              <span className="size-3 rounded-full bg-green-500" /> Approved
            </li>
            <li className="flex items-center gap-2">
              <span className="rounded bg-white px-0.5 text-xs leading-none text-slate-700 ring-1 ring-slate-300">
                ½
              </span>{' '}
              Half day
            </li>
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <h2 className="text-base font-semibold text-slate-900">
            {chosen ? formatDate(chosen) : 'Choose a day'}
          </h2>
          {chosen === null ? (
            <p className="mt-2 text-sm text-slate-600">Select a day to see who is on leave.</p>
          ) : (
            <QueryState
              query={day}
              what="Who is on leave"
              loadingClassName="py-6"
              isEmpty={(data) => data.total === 0}
              empty={<p className="mt-2 text-sm text-slate-600">Nobody is on leave on this day.</p>}
            >
              {({ entries, total }) => (
                <>
                  <ul className="mt-3 divide-y divide-slate-100" aria-label="On leave this day">
                    {entries.map((e) => (
                      <li
                        key={`${e.application_id}`}
                        className="flex items-center justify-between gap-2 py-2"
                      >
                        <div>
                          <p className="text-sm font-medium text-slate-900">{e.user.name}</p>
                          <p className="text-xs text-slate-600">
                            {e.leave_type}
                            {e.part === 'day' ? '' : ` · ${e.part} only`}
                          </p>
                        </div>
                        <StatusBadge status={e.status} />
                      </li>
                    ))}
                  </ul>
                  <Pagination
                    page={dayPage}
                    pageSize={DAY_PAGE_SIZE}
                    total={total}
                    onPage={setDayPage}
                    label="People on leave pages"
                  />
                </>
              )}
            </QueryState>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
