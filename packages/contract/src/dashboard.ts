import { z } from 'zod';
import { AttendanceOverview } from './attendance';

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

export const ServiceState = z.enum(['healthy', 'warning', 'down']);
export const SystemHealth = z.object({
  services: z.record(z.string(), ServiceState),
  /** Seconds this server process has been running. */
  uptime: z.number(),
  /** Round trip of a trivial database query, in milliseconds. */
  databaseLatencyMs: z.number().nullable(),
  checkedAt: z.string(),
});
export type SystemHealth = z.infer<typeof SystemHealth>;
export const SystemHealthResponse = z.object({ health: SystemHealth });
export type SystemHealthResponse = z.infer<typeof SystemHealthResponse>;
