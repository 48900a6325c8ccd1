import { accessApi, countingApi, type PeopleAnalyticsQuery } from '@atrium/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { siteQuery } from '@/lib/site-filter';

/**
 * Keys start with 'counting': a counting_update live event invalidates them all. Those read for a
 * site end with it (null: every site).
 */
export const countingKeys = {
  all: ['counting'] as const,
  report: (q: PeopleAnalyticsQuery, siteId: number | null) => ['counting', 'report', q, siteId] as const,
  hourly: (date: string, deviceId: number | undefined, siteId: number | null) =>
    ['counting', 'hourly', date, deviceId ?? null, siteId] as const,
  counters: () => ['counting', 'counters'] as const,
};

export const countingQueries = {
  report: (q: PeopleAnalyticsQuery, siteId: number | null) =>
    queryOptions({
      queryKey: countingKeys.report(q, siteId),
      queryFn: ({ signal }) =>
        call(countingApi.peopleAnalyticsReport, { query: { ...q, ...siteQuery(siteId) }, signal }).then(
          (r) => r.data.reportData,
        ),
      placeholderData: (previous) => previous,
    }),
  hourly: (date: string, deviceId: number | undefined, siteId: number | null) =>
    queryOptions({
      queryKey: countingKeys.hourly(date, deviceId, siteId),
      queryFn: ({ signal }) =>
        call(countingApi.hourly, { query: { date, deviceId, ...siteQuery(siteId) }, signal }),
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
      call(accessApi.patchDevice, { params: { id }, body: { site_id: siteId } }).then((r) => r.device),
    onSuccess: () => client.invalidateQueries({ queryKey: countingKeys.all }),
  });
}
