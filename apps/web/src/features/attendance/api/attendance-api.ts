import type {
  AttendanceListResponse,
  AttendanceOverviewResponse,
  AttendanceRecordResponse,
  AttendanceStatsResponse,
  AttendanceStatus,
  BulkMarkResponse,
  DepartmentsResponse,
  MyStatusResponse,
  OkResponse,
  UsersResponse,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch, apiRequest } from '@/lib/api';

/** Every key starts with 'attendance', so a live attendance_update refreshes them all. */
export const attendanceKeys = {
  all: ['attendance'] as const,
  myStatus: () => ['attendance', 'my-status'] as const,
  stats: (month: string) => ['attendance', 'stats', month] as const,
  list: (params: ListParams) => ['attendance', 'list', params] as const,
  overview: (date: string) => ['attendance', 'overview', date] as const,
  departments: () => ['attendance', 'departments'] as const,
  people: () => ['attendance', 'people'] as const,
};

export interface ListParams {
  date?: string;
  startDate?: string;
  endDate?: string;
  department?: number;
  status?: AttendanceStatus;
  search?: string;
  userId?: number;
  page?: number;
  pageSize?: number;
}

function queryString(params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '' && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const useMyStatus = () =>
  useQuery({
    queryKey: attendanceKeys.myStatus(),
    queryFn: () => api.get<MyStatusResponse>('/attendance/my-status').then((r) => r.status),
  });

export const useAttendanceStats = (month: string) =>
  useQuery({
    queryKey: attendanceKeys.stats(month),
    queryFn: () => api.get<AttendanceStatsResponse>(`/attendance/stats?month=${month}`).then((r) => r.stats),
  });

export const useAttendanceList = (params: ListParams, enabled = true) =>
  useQuery({
    queryKey: attendanceKeys.list(params),
    queryFn: () => api.get<AttendanceListResponse>(`/attendance${queryString(params)}`),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useOverview = (date: string) =>
  useQuery({
    queryKey: attendanceKeys.overview(date),
    queryFn: () =>
      api.get<AttendanceOverviewResponse>(`/attendance/overview?date=${date}`).then((r) => r.overview),
  });

export const useDepartments = () =>
  useQuery({
    queryKey: attendanceKeys.departments(),
    queryFn: () => api.get<DepartmentsResponse>('/users/departments').then((r) => r.departments),
    staleTime: 5 * 60_000,
  });

export const usePeople = () =>
  useQuery({
    queryKey: attendanceKeys.people(),
    queryFn: () => api.get<UsersResponse>('/users').then((r) => r.users),
    staleTime: 5 * 60_000,
  });

/** Check-in and check-out refresh every attendance and dashboard figure. */
export function useCheckInOut(action: 'check-in' | 'check-out') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MyStatusResponse>(`/attendance/${action}`).then((r) => r.status),
    onSuccess: (status) => {
      queryClient.setQueryData(attendanceKeys.myStatus(), status);
      void queryClient.invalidateQueries({ queryKey: ['attendance'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

function useAttendanceMutation<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['attendance'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

export const useBulkMark = () =>
  useAttendanceMutation((args: { action: 'present' | 'absent'; userIds: number[]; date: string }) =>
    api.post<BulkMarkResponse>(`/attendance/bulk-mark-${args.action}`, {
      userIds: args.userIds,
      date: args.date,
    }),
  );

export const useCorrectRecord = () =>
  useAttendanceMutation(
    (args: { id: number; check_in_time?: string; check_out_time?: string | null; reason: string }) => {
      const { id, ...body } = args;
      return api.patch<AttendanceRecordResponse>(`/attendance/${id}`, body).then((r) => r.record);
    },
  );

export const useDeleteRecord = () =>
  useAttendanceMutation((args: { id: number; reason: string }) =>
    apiRequest<OkResponse>(`/attendance/${args.id}`, { method: 'DELETE', body: { reason: args.reason } }),
  );

/** Asks the server for the CSV and hands it to the browser as a download. */
export async function downloadAttendanceCsv(body: {
  userIds?: number[];
  startDate: string;
  endDate: string;
}) {
  const response = await apiFetch('/attendance/export', {
    method: 'POST',
    body: { ...body, format: 'csv' },
    headers: { Accept: 'text/csv' },
  });
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `attendance-${body.endDate}.csv`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
