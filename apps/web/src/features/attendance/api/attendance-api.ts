import { attendanceApi } from '@atrium/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyIn, call, type ParamsIn, type QueryIn } from '@/lib/api-client';
import { siteQuery } from '@/lib/site-filter';

/** The list's filters and paging, exactly as the contract's query declares them. */
export type ListParams = QueryIn<typeof attendanceApi.list>;

/** Every key starts with 'attendance', so a live attendance_update refreshes them all. */
export const attendanceKeys = {
  all: ['attendance'] as const,
  myStatus: () => ['attendance', 'my-status'] as const,
  stats: (month: string) => ['attendance', 'stats', month] as const,
  list: (params: ListParams) => ['attendance', 'list', params] as const,
  overview: (date: string, siteId: number | null) => ['attendance', 'overview', date, siteId] as const,
};

/** One factory per query: key and fetch together, for hooks, prefetching and tests alike. */
export const attendanceQueries = {
  myStatus: () =>
    queryOptions({
      queryKey: attendanceKeys.myStatus(),
      queryFn: ({ signal }) => call(attendanceApi.myStatus, { signal }).then((r) => r.status),
    }),
  stats: (month: string) =>
    queryOptions({
      queryKey: attendanceKeys.stats(month),
      queryFn: ({ signal }) => call(attendanceApi.stats, { query: { month }, signal }).then((r) => r.stats),
    }),
  list: (params: ListParams) =>
    queryOptions({
      queryKey: attendanceKeys.list(params),
      queryFn: ({ signal }) => call(attendanceApi.list, { query: params, signal }),
    }),
  overview: (date: string, siteId: number | null) =>
    queryOptions({
      queryKey: attendanceKeys.overview(date, siteId),
      queryFn: ({ signal }) =>
        call(attendanceApi.overview, { query: { date, ...siteQuery(siteId) }, signal }).then(
          (r) => r.overview,
        ),
    }),
};

export const useMyStatus = () => useQuery(attendanceQueries.myStatus());
export const useAttendanceStats = (month: string) => useQuery(attendanceQueries.stats(month));
export const useAttendanceList = (params: ListParams, enabled = true) =>
  // Paging and filter changes keep showing the previous page until the next one arrives.
  useQuery({ ...attendanceQueries.list(params), placeholderData: keepPreviousData, enabled });
export const useOverview = (date: string, siteId: number | null) =>
  useQuery(attendanceQueries.overview(date, siteId));

/** Check-in and check-out refresh every attendance and dashboard figure. */
export function useCheckInOut(action: 'check-in' | 'check-out') {
  const queryClient = useQueryClient();
  const endpoint = action === 'check-in' ? attendanceApi.checkIn : attendanceApi.checkOut;
  return useMutation({
    mutationFn: () => call(endpoint).then((r) => r.status),
    onSuccess: (status) => {
      queryClient.setQueryData(attendanceKeys.myStatus(), status);
      void queryClient.invalidateQueries({ queryKey: attendanceKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

function useAttendanceMutation<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: attendanceKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

type BulkBody = BodyIn<typeof attendanceApi.bulkMarkPresent>;

export const useBulkMark = () =>
  useAttendanceMutation(({ action, ...body }: BulkBody & { action: 'present' | 'absent' }) =>
    call(action === 'present' ? attendanceApi.bulkMarkPresent : attendanceApi.bulkMarkAbsent, { body }),
  );

export const useCorrectRecord = () =>
  useAttendanceMutation(
    ({ id, ...body }: ParamsIn<typeof attendanceApi.correct> & BodyIn<typeof attendanceApi.correct>) =>
      call(attendanceApi.correct, { params: { id }, body }).then((r) => r.record),
  );

export const useDeleteRecord = () =>
  useAttendanceMutation(
    ({ id, ...body }: ParamsIn<typeof attendanceApi.remove> & BodyIn<typeof attendanceApi.remove>) =>
      call(attendanceApi.remove, { params: { id }, body }),
  );
