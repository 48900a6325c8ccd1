import { accessApi, countingApi, type PeopleAnalyticsQuery } from '@atrium/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** Keys start with 'counting': a counting_update live event invalidates them all. */
export const countingKeys = {
  all: ['counting'] as const,
  report: (q: PeopleAnalyticsQuery) => ['counting', 'report', q] as const,
  hourly: (date: string, deviceId?: number) => ['counting', 'hourly', date, deviceId ?? null] as const,
  counters: () => ['counting', 'counters'] as const,
};

export const countingQueries = {
  report: (q: PeopleAnalyticsQuery) =>
    queryOptions({
      queryKey: countingKeys.report(q),
      queryFn: ({ signal }) =>
        call(countingApi.peopleAnalyticsReport, { query: q, signal }).then((r) => r.data.reportData),
      placeholderData: (previous) => previous,
    }),
  hourly: (date: string, deviceId?: number) =>
    queryOptions({
      queryKey: countingKeys.hourly(date, deviceId),
      queryFn: ({ signal }) => call(countingApi.hourly, { query: { date, deviceId }, signal }),
    }),
  counters: () =>
    queryOptions({
      queryKey: countingKeys.counters(),
      queryFn: ({ signal }) => call(countingApi.counters, { signal }).then((r) => r.counters),
    }),
};

/** Moves a counter to another site (a device edit, audited); the counters list refreshes. */
export function useSetCounterSite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, siteId }: { id: number; siteId: number }) =>
      call(accessApi.patchDevice, { params: { id }, body: { siteId } }).then((r) => r.device),
    onSuccess: () => client.invalidateQueries({ queryKey: countingKeys.all }),
  });
}
