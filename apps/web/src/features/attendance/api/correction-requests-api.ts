import { attendanceRequestsApi as api, type CorrectionRequestStatus } from '@atrium/contract';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type BodyIn, call } from '@/lib/api-client';

export const REQUESTS_PAGE_SIZE = 20;

/** Under 'attendance', so a live attendance_update or attendance_request_update refreshes them. */
export const correctionKeys = {
  all: ['attendance', 'correction-requests'] as const,
  mine: () => ['attendance', 'correction-requests', 'mine'] as const,
  list: (status: CorrectionRequestStatus | undefined) =>
    ['attendance', 'correction-requests', 'list', status ?? 'all'] as const,
};

export const correctionQueries = {
  mine: () =>
    infiniteQueryOptions({
      queryKey: correctionKeys.mine(),
      queryFn: ({ pageParam, signal }) =>
        call(api.mine, { query: { limit: REQUESTS_PAGE_SIZE, cursor: pageParam }, signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.next_cursor ?? undefined,
    }),
  list: (status: CorrectionRequestStatus | undefined) =>
    infiniteQueryOptions({
      queryKey: correctionKeys.list(status),
      queryFn: ({ pageParam, signal }) =>
        call(api.list, { query: { status, limit: REQUESTS_PAGE_SIZE, cursor: pageParam }, signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.next_cursor ?? undefined,
    }),
};

export const useMyCorrectionRequests = () => useInfiniteQuery(correctionQueries.mine());
export const useCorrectionRequests = (status: CorrectionRequestStatus | undefined) =>
  useInfiniteQuery(correctionQueries.list(status));

/** Every change refreshes all attendance queries: an approval changes the day itself. */
function useRequestMutation<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['attendance'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

export type NewCorrectionRequest = BodyIn<typeof api.create>;

export const useCreateCorrectionRequest = () =>
  useRequestMutation((body: NewCorrectionRequest) => call(api.create, { body }).then((r) => r.request));
export const useCancelCorrectionRequest = () =>
  useRequestMutation((id: number) => call(api.cancel, { params: { id } }).then((r) => r.request));
export const useApproveCorrectionRequest = () =>
  useRequestMutation((id: number) => call(api.approve, { params: { id } }));
export const useRejectCorrectionRequest = () =>
  useRequestMutation(({ id, reason }: { id: number; reason?: string }) =>
    call(api.reject, { params: { id }, body: { reason } }).then((r) => r.request),
  );
