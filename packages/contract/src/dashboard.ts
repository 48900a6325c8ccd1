import { z } from 'zod';
import { AttendanceOverview } from './attendance';
import { SiteQuery } from './common';
import { endpoint } from './endpoint';

export const TrendDirection = z.enum(['up', 'down', 'neutral']);

/** The spec's quick stats; figures of features not built yet are 0. */
export const QuickStats = z.object({
  attendanceStatus: z.enum(['present', 'absent']),
  canCheckIn: z.boolean(),
  canCheckOut: z.boolean(),
  totalLeaveBalance: z.number(),
  presentToday: z.number().int(),
  totalEmployees: z.number().int(),
  pendingLeaveRequests: z.number().int(),
  /** The caller's own applications waiting for a decision. */
  myPendingLeaveRequests: z.number().int(),
  accessEventsToday: z.number().int(),
  dailyFootTraffic: z.number().int(),
  walkInRate: z.number(),
  footTrafficChange: z.object({ direction: TrendDirection, value: z.number() }),
});
export type QuickStats = z.infer<typeof QuickStats>;
export const QuickStatsResponse = z.object({ quickStats: QuickStats });
export type QuickStatsResponse = z.infer<typeof QuickStatsResponse>;

export const ActivityItem = z.object({
  type: z.enum(['attendance', 'leave', 'access']),
  message: z.string(),
  timestamp: z.string(),
  user: z.object({ id: z.number().int(), name: z.string() }),
});
export type ActivityItem = z.infer<typeof ActivityItem>;

/** Admin dashboard figures beyond quick stats. */
export const DashboardStats = z.object({
  today: AttendanceOverview,
  recentActivity: z.array(ActivityItem),
});
export type DashboardStats = z.infer<typeof DashboardStats>;
export const DashboardStatsResponse = z.object({ stats: DashboardStats });
export type DashboardStatsResponse = z.infer<typeof DashboardStatsResponse>;

/** unknown: the service exists but this process cannot measure it (never assumed healthy). */
export const ServiceState = z.enum(['healthy', 'warning', 'down', 'unknown']);
export const ServiceCheck = z.object({
  /** Stable key: database, liveChannel, deviceIngest, videoRecorder, jobScheduler. */
  service: z.string(),
  label: z.string(),
  state: ServiceState,
  /** What was measured, in words (e.g. "3 ms round trip", "2 of 8 devices offline"). */
  detail: z.string(),
});
export type ServiceCheck = z.infer<typeof ServiceCheck>;
export const SystemHealth = z.object({
  /** The spec's map of service name to state. */
  services: z.record(z.string(), ServiceState),
  /** The same services in display order, with what was measured. */
  checks: z.array(ServiceCheck),
  /** Seconds this server process has been running. */
  uptime: z.number(),
  /** Round trip of a trivial database query, in milliseconds. */
  databaseLatencyMs: z.number().nullable(),
  checkedAt: z.string(),
});
export type SystemHealth = z.infer<typeof SystemHealth>;
export const SystemHealthResponse = z.object({ health: SystemHealth });
export type SystemHealthResponse = z.infer<typeof SystemHealthResponse>;

export const PerformanceMetrics = z.object({
  /** Median API response time over the last minute, ms; null when no request was answered. */
  responseTime: z.number().nullable(),
  /** Requests answered in the last minute (what the median is of). */
  requestsLastMinute: z.number().int(),
  /** Share of one machine's CPUs this process used since the previous sample, percent. */
  cpuUsage: z.number(),
  /** Resident memory of this process against the machine's total, percent. */
  memoryUsage: z.number(),
  memoryRssMb: z.number(),
  sampledAt: z.string(),
});
export type PerformanceMetrics = z.infer<typeof PerformanceMetrics>;
export const PerformanceMetricsResponse = z.object({ metrics: PerformanceMetrics });
export type PerformanceMetricsResponse = z.infer<typeof PerformanceMetricsResponse>;

export const DashboardAnalytics = z.object({
  /**
   * The 30 whole days before today: people who worked a scheduled day / people expected (scheduled,
   * employed, not on approved leave), percent; null on a day nobody was expected.
   */
  attendanceRate: z.array(
    z.object({
      date: z.string(),
      rate: z.number().nullable(),
      present: z.number().int(),
      expected: z.number().int(),
    }),
  ),
  /** Approved leave days this year by leave type. */
  leaveByType: z.array(z.object({ leaveType: z.string(), days: z.number() })),
  /** Granted passages of the last 30 days by local hour of day (0-23). */
  accessByHour: z.array(z.object({ hour: z.number().int(), passages: z.number().int() })),
  /** Mean entries per day over the last four weeks by ISO weekday (1 = Monday). */
  footTrafficByWeekday: z.array(z.object({ weekday: z.number().int(), entries: z.number() })),
});
export type DashboardAnalytics = z.infer<typeof DashboardAnalytics>;
export const DashboardAnalyticsResponse = z.object({ analytics: DashboardAnalytics });
export type DashboardAnalyticsResponse = z.infer<typeof DashboardAnalyticsResponse>;

export const dashboardApi = {
  quickStats: endpoint({
    method: 'GET',
    path: '/dashboard/quick-stats',
    audience: 'user',
    summary: "The caller's figures; organisation figures (or a site's, with siteId) for administrators",
    query: SiteQuery,
    response: QuickStatsResponse,
  }),
  stats: endpoint({
    method: 'GET',
    path: '/dashboard/stats',
    audience: 'admin',
    summary: "Today's overview and recent activity, of every site or of one (siteId, on its own today)",
    query: SiteQuery,
    response: DashboardStatsResponse,
  }),
  systemHealth: endpoint({
    method: 'GET',
    path: '/dashboard/system-health',
    audience: 'admin',
    response: SystemHealthResponse,
  }),
  performanceMetrics: endpoint({
    method: 'GET',
    path: '/dashboard/performance-metrics',
    audience: 'admin',
    summary: 'Median API latency of the last minute, CPU and memory of this server process',
    response: PerformanceMetricsResponse,
  }),
  analytics: endpoint({
    method: 'GET',
    path: '/dashboard/analytics',
    audience: 'admin',
    summary:
      'Attendance rate, leave by type, passages by hour, foot traffic by weekday (of one site with siteId)',
    query: SiteQuery,
    response: DashboardAnalyticsResponse,
  }),
};
