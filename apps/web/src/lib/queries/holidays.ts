import { organisationApi } from '@atrium/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/**
 * A year's public holidays, read by the holiday settings and the attendance calendar alike under
 * one key prefix, so a holiday saved in one refreshes the other.
 */
export const holidayKeys = {
  all: ['holidays'] as const,
  year: (year: number) => ['holidays', year] as const,
  mine: (year: number) => ['holidays', year, 'me'] as const,
};

export const holidayQueries = {
  /** Every holiday of the year, each of its site or of every site. */
  year: (year: number) =>
    queryOptions({
      queryKey: holidayKeys.year(year),
      queryFn: ({ signal }) =>
        call(organisationApi.holidays, { query: { year }, signal }).then((r) => r.holidays),
    }),
  /** The signed-in person's: their site's and every site's (another site's are workdays for them). */
  mine: (year: number) =>
    queryOptions({
      queryKey: holidayKeys.mine(year),
      queryFn: ({ signal }) =>
        call(organisationApi.holidays, { query: { year, person: 'me' }, signal }).then((r) => r.holidays),
    }),
};

/** For every mutation that adds, changes, removes or copies holidays. */
export function useInvalidateHolidays(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: holidayKeys.all });
}
