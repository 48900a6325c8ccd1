import { type LeaveDecision, leaveApi } from '@atrium/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyIn, call, type QueryIn } from '@/lib/api-client';

/** The applications list's filters and paging, exactly as the contract's query declares them. */
export type ListParams = QueryIn<typeof leaveApi.applications>;
export type DayCountParams = QueryIn<typeof leaveApi.dayCount>;

/** Every key starts with 'leave', so a live leave event refreshes them all. */
/** The pending list comes a page at a time: an organisation may have thousands waiting. */
export const PENDING_PAGE_SIZE = 20;
/** Names listed at a time for a chosen calendar day. */
export const DAY_PAGE_SIZE = 20;

export const leaveKeys = {
  all: ['leave'] as const,
  types: () => ['leave', 'types'] as const,
  balance: () => ['leave', 'my-balance'] as const,
  ledger: () => ['leave', 'my-ledger'] as const,
  mine: () => ['leave', 'my-applications'] as const,
  list: (params: ListParams) => ['leave', 'applications', params] as const,
  pending: (page: number) => ['leave', 'pending', page] as const,
  stats: () => ['leave', 'stats'] as const,
  calendar: (year: number, month: number) => ['leave', 'calendar', year, month] as const,
  day: (date: string, page: number) => ['leave', 'calendar-day', date, page] as const,
  policies: () => ['leave', 'policies'] as const,
  dayCount: (params: DayCountParams) => ['leave', 'day-count', params] as const,
};

/** One factory per query: key and fetch together. */
export const leaveQueries = {
  types: () =>
    queryOptions({
      queryKey: leaveKeys.types(),
      queryFn: ({ signal }) => call(leaveApi.types, { signal }).then((r) => r.leaveTypes),
    }),
  balance: () =>
    queryOptions({
      queryKey: leaveKeys.balance(),
      queryFn: ({ signal }) => call(leaveApi.myBalance, { signal }).then((r) => r.balances),
    }),
  ledger: () =>
    queryOptions({
      queryKey: leaveKeys.ledger(),
      queryFn: ({ signal }) => call(leaveApi.myLedger, { signal }).then((r) => r.entries),
    }),
  mine: () =>
    queryOptions({
      queryKey: leaveKeys.mine(),
      queryFn: ({ signal }) => call(leaveApi.myApplications, { signal }).then((r) => r.applications),
    }),
  list: (params: ListParams) =>
    queryOptions({
      queryKey: leaveKeys.list(params),
      queryFn: ({ signal }) => call(leaveApi.applications, { query: params, signal }),
    }),
  pending: (page: number) =>
    queryOptions({
      queryKey: leaveKeys.pending(page),
      queryFn: ({ signal }) =>
        call(leaveApi.pending, { query: { page, pageSize: PENDING_PAGE_SIZE }, signal }),
    }),
  stats: () =>
    queryOptions({
      queryKey: leaveKeys.stats(),
      queryFn: ({ signal }) => call(leaveApi.stats, { signal }).then((r) => r.stats),
    }),
  calendar: (year: number, month: number) =>
    queryOptions({
      queryKey: leaveKeys.calendar(year, month),
      queryFn: ({ signal }) =>
        call(leaveApi.calendar, { params: { year, month }, signal }).then((r) => r.events),
    }),
  day: (date: string, page: number) =>
    queryOptions({
      queryKey: leaveKeys.day(date, page),
      queryFn: ({ signal }) =>
        call(leaveApi.calendarDay, { params: { date }, query: { page, pageSize: DAY_PAGE_SIZE }, signal }),
    }),
  policies: () =>
    queryOptions({
      queryKey: leaveKeys.policies(),
      queryFn: ({ signal }) => call(leaveApi.policies, { signal }).then((r) => r.policies),
    }),
};

export const useLeaveTypes = () => useQuery(leaveQueries.types());
export const useMyBalance = () => useQuery(leaveQueries.balance());
/** The ledger lines behind this year's balances; fetched only when someone asks why. */
export const useMyLedger = (enabled: boolean) => useQuery({ ...leaveQueries.ledger(), enabled });
export const useMyApplications = () => useQuery(leaveQueries.mine());
// Paging and month changes keep showing the previous page until the next one arrives.
export const useApplications = (params: ListParams) =>
  useQuery({ ...leaveQueries.list(params), placeholderData: keepPreviousData });
export const usePending = (page: number) =>
  useQuery({ ...leaveQueries.pending(page), placeholderData: keepPreviousData });
export const useLeaveStats = () => useQuery(leaveQueries.stats());
export const useLeaveCalendar = (year: number, month: number) =>
  useQuery({ ...leaveQueries.calendar(year, month), placeholderData: keepPreviousData });
/** Who is away on the chosen day, a page at a time; nothing is fetched until a day is chosen. */
export const useLeaveDay = (date: string | null, page: number) =>
  useQuery({
    ...leaveQueries.day(date ?? '', page),
    enabled: date !== null,
    placeholderData: keepPreviousData,
  });
export const usePolicies = () => useQuery(leaveQueries.policies());
/** What the server will charge for a period (working days, half days); null until it is complete. */
export const useDayCount = (params: DayCountParams | null) =>
  useQuery({
    queryKey: leaveKeys.dayCount(params ?? ({} as DayCountParams)),
    queryFn: ({ signal }) => call(leaveApi.dayCount, { query: params!, signal }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });

/** After any change, everything leave (and the dashboards' figures) is stale. */
function useInvalidateLeave() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: leaveKeys.all }),
      client.invalidateQueries({ queryKey: ['dashboard'] }),
    ]);
}

export function useApplyLeave() {
  const invalidate = useInvalidateLeave();
  return useMutation({
    mutationFn: (body: BodyIn<typeof leaveApi.apply>) =>
      call(leaveApi.apply, { body }).then((r) => r.application),
    onSuccess: invalidate,
  });
}

export function useCancelLeave() {
  const invalidate = useInvalidateLeave();
  return useMutation({
    mutationFn: (id: number) => call(leaveApi.cancel, { params: { id } }).then((r) => r.application),
    onSuccess: invalidate,
  });
}

/**
 * What a decision says to the applicant: the spec's fixed text for an approval; for a rejection
 * the administrator's reason, or nothing (the fixed "rejected by admin" told them nothing).
 */
export const decisionComment = (status: LeaveDecision, reason?: string) =>
  status === 'approved' ? 'Application approved by admin' : reason || undefined;

export function useDecideLeave() {
  const invalidate = useInvalidateLeave();
  return useMutation({
    mutationFn: ({ id, status, reason }: { id: number; status: LeaveDecision; reason?: string }) =>
      call(leaveApi.decide, {
        params: { id },
        body: { status, adminComments: decisionComment(status, reason) },
      }).then((r) => r.application),
    onSettled: invalidate,
  });
}

export function useBatchDecision() {
  const invalidate = useInvalidateLeave();
  return useMutation({
    mutationFn: ({
      applicationIds,
      action,
      reason,
    }: {
      applicationIds: number[];
      action: LeaveDecision;
      reason?: string;
    }) =>
      call(leaveApi.batchDecision, {
        body: { applicationIds, action, adminComments: decisionComment(action, reason) },
      }),
    onSettled: invalidate,
  });
}

export function useSavePolicy() {
  const invalidate = useInvalidateLeave();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: BodyIn<typeof leaveApi.createPolicy> }) =>
      (id === undefined
        ? call(leaveApi.createPolicy, { body })
        : call(leaveApi.updatePolicy, { params: { id }, body })
      ).then((r) => r.policy),
    onSuccess: invalidate,
  });
}

export function useDeletePolicy() {
  const invalidate = useInvalidateLeave();
  return useMutation({
    mutationFn: (id: number) => call(leaveApi.deletePolicy, { params: { id } }),
    onSuccess: invalidate,
  });
}
