import { attendanceApi, leaveApi, teamApi } from '@atrium/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, type QueryIn } from '@/lib/api-client';

/** Team Today's paging, exactly as the contract's query declares it. */
export type TeamTodayParams = QueryIn<typeof teamApi.today>;

/** Team Attendance's date, filters and paging: the attendance list, which the server narrows to the team. */
export type TeamAttendanceParams = QueryIn<typeof attendanceApi.list>;

/** Names listed at a time for a chosen day of the team calendar. */
export const TEAM_DAY_PAGE_SIZE = 20;

/** Every key starts with 'team', so the team's live events refresh them all (live-invalidation.ts). */
export const teamKeys = {
  all: ['team'] as const,
  today: (params: TeamTodayParams) => ['team', 'today', params] as const,
  calendar: (year: number, month: number) => ['team', 'calendar', year, month] as const,
  day: (date: string, page: number) => ['team', 'calendar-day', date, page] as const,
  attendance: (params: TeamAttendanceParams) => ['team', 'attendance', params] as const,
};

/**
 * How often Team Today asks again while it is shown: the team's check-ins, leave and door
 * passages arrive live (the socket's team audience, live-invalidation.ts); this catches what no
 * event announces, such as the moment a department's day begins and "not yet in" turns absent.
 */
export const TEAM_REFRESH_MS = 60_000;

/** One factory per query: key and fetch together. */
export const teamQueries = {
  /** The manager's team today, asked again every minute and whenever the window regains focus. */
  today: (params: TeamTodayParams) =>
    queryOptions({
      queryKey: teamKeys.today(params),
      queryFn: ({ signal }) => call(teamApi.today, { query: params, signal }),
      refetchInterval: TEAM_REFRESH_MS,
      refetchOnWindowFocus: 'always',
    }),
  /** The team's leave per day of a month, with the days that clash. */
  calendar: (year: number, month: number) =>
    queryOptions({
      queryKey: teamKeys.calendar(year, month),
      queryFn: ({ signal }) => call(teamApi.calendar, { params: { year, month }, signal }),
    }),
  /** Who of the team is off on a day (the server narrows the leave calendar to the team), a page at a time. */
  day: (date: string, page: number) =>
    queryOptions({
      queryKey: teamKeys.day(date, page),
      queryFn: ({ signal }) =>
        call(leaveApi.calendarDay, {
          params: { date },
          query: { page, pageSize: TEAM_DAY_PAGE_SIZE },
          signal,
        }),
    }),
  /** The team's person-days. */
  attendance: (params: TeamAttendanceParams) =>
    queryOptions({
      queryKey: teamKeys.attendance(params),
      queryFn: ({ signal }) => call(attendanceApi.list, { query: params, signal }),
    }),
};

/** Paging keeps showing the previous page until the next one arrives. */
export const useTeamToday = (params: TeamTodayParams) =>
  useQuery({ ...teamQueries.today(params), placeholderData: keepPreviousData });

/** A month of the team calendar; the previous month stays shown until the next one arrives. */
export const useTeamCalendar = (year: number, month: number) =>
  useQuery({ ...teamQueries.calendar(year, month), placeholderData: keepPreviousData });

/**
 * Who is off on the chosen day; nothing is fetched until a day is chosen. Another page of the
 * same day keeps the one shown until it arrives; another day never shows the last day's names.
 */
export const useTeamDay = (date: string | null, page: number) =>
  useQuery({
    ...teamQueries.day(date ?? '', page),
    enabled: date !== null,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === date ? previous : undefined,
  });

/** Filter and page changes keep showing the previous page until the next one arrives. */
export const useTeamAttendance = (params: TeamAttendanceParams) =>
  useQuery({ ...teamQueries.attendance(params), placeholderData: keepPreviousData });
