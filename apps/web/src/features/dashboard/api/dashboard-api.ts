import { attendanceApi, dashboardApi } from '@atrium/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { siteQuery, useSiteFilter } from '@/lib/site-filter';

/**
 * Keys start with 'dashboard' (live events and attendance changes refresh them); those read for a
 * site end with it (null: every site).
 */
export const dashboardKeys = {
  quickStats: (siteId: number | null) => ['dashboard', 'quick-stats', siteId] as const,
  stats: (siteId: number | null) => ['dashboard', 'stats', siteId] as const,
  health: () => ['dashboard', 'system-health'] as const,
  metrics: () => ['dashboard', 'performance-metrics'] as const,
  analytics: (siteId: number | null) => ['dashboard', 'analytics', siteId] as const,
  myStatus: () => ['dashboard', 'my-status'] as const,
};

/** One factory per query: key and fetch together. */
export const dashboardQueries = {
  quickStats: (siteId: number | null) =>
    queryOptions({
      queryKey: dashboardKeys.quickStats(siteId),
      queryFn: ({ signal }) =>
        call(dashboardApi.quickStats, { query: siteQuery(siteId), signal }).then((r) => r.quickStats),
    }),
  stats: (siteId: number | null) =>
    queryOptions({
      queryKey: dashboardKeys.stats(siteId),
      queryFn: ({ signal }) =>
        call(dashboardApi.stats, { query: siteQuery(siteId), signal }).then((r) => r.stats),
    }),
  health: () =>
    queryOptions({
      queryKey: dashboardKeys.health(),
      queryFn: ({ signal }) => call(dashboardApi.systemHealth, { signal }).then((r) => r.health),
      refetchInterval: 30_000,
    }),
  /** Server figures for the Monitoring tab, every few seconds while it is shown. */
  metrics: () =>
    queryOptions({
      queryKey: dashboardKeys.metrics(),
      queryFn: ({ signal }) => call(dashboardApi.performanceMetrics, { signal }).then((r) => r.metrics),
      refetchInterval: 5_000,
    }),
  analytics: (siteId: number | null) =>
    queryOptions({
      queryKey: dashboardKeys.analytics(siteId),
      queryFn: ({ signal }) =>
        call(dashboardApi.analytics, { query: siteQuery(siteId), signal }).then((r) => r.analytics),
      staleTime: 60_000,
    }),
  /** Today's times for the staff dashboard (the attendance screen keeps its own copy). */
  myStatus: () =>
    queryOptions({
      queryKey: dashboardKeys.myStatus(),
      queryFn: ({ signal }) => call(attendanceApi.myStatus, { signal }).then((r) => r.status),
    }),
};

/** The staff dashboard's figures are the whole organisation's; the admin's follow the site filter. */
export const useQuickStats = (siteId: number | null = null) => useQuery(dashboardQueries.quickStats(siteId));
// The organisation's figures and charts are the administrator's, so they follow the site filter.
export const useDashboardStats = () => useQuery(dashboardQueries.stats(useSiteFilter().siteId));
export const useSystemHealth = () => useQuery(dashboardQueries.health());
export const usePerformanceMetrics = () => useQuery(dashboardQueries.metrics());
export const useAnalytics = () => useQuery(dashboardQueries.analytics(useSiteFilter().siteId));
export const useMyDay = () => useQuery(dashboardQueries.myStatus());

/** Quick Check In / Quick Check Out; quick stats are refetched afterwards (spec section 7). */
export function useQuickAttendance(action: 'check-in' | 'check-out') {
  const queryClient = useQueryClient();
  const endpoint = action === 'check-in' ? attendanceApi.checkIn : attendanceApi.checkOut;
  return useMutation({
    mutationFn: () => call(endpoint).then((r) => r.status),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      void queryClient.invalidateQueries({ queryKey: ['attendance'] });
    },
  });
}
