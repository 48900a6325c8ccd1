import { teamApi } from '@atrium/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, type QueryIn } from '@/lib/api-client';

/** Team Today's paging, exactly as the contract's query declares it. */
export type TeamTodayParams = QueryIn<typeof teamApi.today>;

/** Every key starts with 'team'. */
export const teamKeys = {
  all: ['team'] as const,
  today: (params: TeamTodayParams) => ['team', 'today', params] as const,
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
};

/** Paging keeps showing the previous page until the next one arrives. */
export const useTeamToday = (params: TeamTodayParams) =>
  useQuery({ ...teamQueries.today(params), placeholderData: keepPreviousData });
