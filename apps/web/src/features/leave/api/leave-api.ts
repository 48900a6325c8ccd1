import type {
  ApplyLeaveRequest,
  BatchDecisionResponse,
  LeaveApplicationPageResponse,
  LeaveApplicationResponse,
  LeaveApplicationsResponse,
  LeaveBalanceResponse,
  LeaveCalendarResponse,
  LeaveDecision,
  LeaveLedgerResponse,
  LeavePoliciesResponse,
  LeavePolicyRequest,
  LeavePolicyResponse,
  LeaveStatsResponse,
  LeaveStatus,
  LeaveTypesResponse,
  OkResponse,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Every key starts with 'leave', so a live leave event refreshes them all. */
export const leaveKeys = {
  all: ['leave'] as const,
  types: () => ['leave', 'types'] as const,
  balance: () => ['leave', 'my-balance'] as const,
  ledger: () => ['leave', 'my-ledger'] as const,
  mine: () => ['leave', 'my-applications'] as const,
  list: (params: ListParams) => ['leave', 'applications', params] as const,
  pending: () => ['leave', 'pending'] as const,
  stats: () => ['leave', 'stats'] as const,
  calendar: (year: number, month: number) => ['leave', 'calendar', year, month] as const,
  policies: () => ['leave', 'policies'] as const,
};

export interface ListParams {
  status?: LeaveStatus;
  search?: string;
  page: number;
  pageSize: number;
}

function queryString(params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const useLeaveTypes = () =>
  useQuery({
    queryKey: leaveKeys.types(),
    queryFn: () => api.get<LeaveTypesResponse>('/leave/types').then((r) => r.leaveTypes),
  });

export const useMyBalance = () =>
  useQuery({
    queryKey: leaveKeys.balance(),
    queryFn: () => api.get<LeaveBalanceResponse>('/leave/my-balance').then((r) => r.balances),
  });

/** The ledger lines behind this year's balances; fetched only when someone asks why. */
export const useMyLedger = (enabled: boolean) =>
  useQuery({
    queryKey: leaveKeys.ledger(),
    queryFn: () => api.get<LeaveLedgerResponse>('/leave/my-ledger').then((r) => r.entries),
    enabled,
  });

export const useMyApplications = () =>
  useQuery({
    queryKey: leaveKeys.mine(),
    queryFn: () => api.get<LeaveApplicationsResponse>('/leave/my-applications').then((r) => r.applications),
  });

export const useApplications = (params: ListParams) =>
  useQuery({
    queryKey: leaveKeys.list(params),
    queryFn: () => api.get<LeaveApplicationPageResponse>(`/leave/applications${queryString(params)}`),
    placeholderData: keepPreviousData,
  });

export const usePending = () =>
  useQuery({
    queryKey: leaveKeys.pending(),
    queryFn: () => api.get<LeaveApplicationsResponse>('/leave/pending').then((r) => r.applications),
  });

export const useLeaveStats = () =>
  useQuery({
    queryKey: leaveKeys.stats(),
    queryFn: () => api.get<LeaveStatsResponse>('/leave/stats').then((r) => r.stats),
  });

export const useLeaveCalendar = (year: number, month: number) =>
  useQuery({
    queryKey: leaveKeys.calendar(year, month),
    queryFn: () => api.get<LeaveCalendarResponse>(`/leave/calendar/${year}/${month}`).then((r) => r.events),
    placeholderData: keepPreviousData,
  });

export const usePolicies = () =>
  useQuery({
    queryKey: leaveKeys.policies(),
    queryFn: () => api.get<LeavePoliciesResponse>('/leave/policies').then((r) => r.policies),
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
    mutationFn: (body: ApplyLeaveRequest) =>
      api.post<LeaveApplicationResponse>('/leave/apply', body).then((r) => r.application),
    onSuccess: invalidate,
  });
}

export function useCancelLeave() {
  const invalidate = useInvalidateLeave();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<LeaveApplicationResponse>(`/leave/applications/${id}/cancel`).then((r) => r.application),
    onSuccess: invalidate,
  });
}

/** The spec's fixed comment texts for a decision. */
export const decisionComment = (status: LeaveDecision) =>
  status === 'approved' ? 'Application approved by admin' : 'Application rejected by admin';

export function useDecideLeave() {
  const invalidate = useInvalidateLeave();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: LeaveDecision }) =>
      api
        .put<LeaveApplicationResponse>(`/leave/applications/${id}/status`, {
          status,
          adminComments: decisionComment(status),
        })
        .then((r) => r.application),
    onSettled: invalidate,
  });
}

export function useBatchDecision() {
  const invalidate = useInvalidateLeave();
  return useMutation({
    mutationFn: ({ applicationIds, action }: { applicationIds: number[]; action: LeaveDecision }) =>
      api.post<BatchDecisionResponse>('/leave/batch-approval', {
        applicationIds,
        action,
        adminComments: decisionComment(action),
      }),
    onSettled: invalidate,
  });
}

export function useSavePolicy() {
  const invalidate = useInvalidateLeave();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: LeavePolicyRequest }) =>
      (id === undefined
        ? api.post<LeavePolicyResponse>('/leave/policies', body)
        : api.put<LeavePolicyResponse>(`/leave/policies/${id}`, body)
      ).then((r) => r.policy),
    onSuccess: invalidate,
  });
}

export function useDeletePolicy() {
  const invalidate = useInvalidateLeave();
  return useMutation({
    mutationFn: (id: number) => api.delete<OkResponse>(`/leave/policies/${id}`),
    onSuccess: invalidate,
  });
}
