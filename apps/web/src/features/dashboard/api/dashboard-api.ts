import type {
  DashboardStatsResponse,
  MyStatusResponse,
  QuickStatsResponse,
  SystemHealthResponse,
} from '@atrium/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Keys start with 'dashboard' (live events refresh them) or 'attendance' (shared with that screen). */
export const dashboardKeys = {
  quickStats: () => ['dashboard', 'quick-stats'] as const,
  stats: () => ['dashboard', 'stats'] as const,
  health: () => ['dashboard', 'system-health'] as const,
};

export const useQuickStats = () =>
  useQuery({
    queryKey: dashboardKeys.quickStats(),
    queryFn: () => api.get<QuickStatsResponse>('/dashboard/quick-stats').then((r) => r.quickStats),
  });

export const useDashboardStats = () =>
  useQuery({
    queryKey: dashboardKeys.stats(),
    queryFn: () => api.get<DashboardStatsResponse>('/dashboard/stats').then((r) => r.stats),
  });

export const useSystemHealth = () =>
  useQuery({
    queryKey: dashboardKeys.health(),
    queryFn: () => api.get<SystemHealthResponse>('/dashboard/system-health').then((r) => r.health),
    refetchInterval: 30_000,
  });

/** Quick Check In / Quick Check Out; quick stats are refetched afterwards (spec section 7). */
export function useQuickAttendance(action: 'check-in' | 'check-out') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MyStatusResponse>(`/attendance/${action}`).then((r) => r.status),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      void queryClient.invalidateQueries({ queryKey: ['attendance'] });
    },
  });
}
