import type {
  ActivityItem,
  DashboardAnalytics,
  DashboardStats,
  PerformanceMetrics,
  QuickStats,
  ServiceCheck,
  SystemHealth,
} from '@atrium/contract';
import { addDays } from '@atrium/contract/calendar';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import type { OrgClock } from '../../core/clock';
import { authorize, can, listScope } from '../../core/policies';
import type { Database } from '../../db/schema';
import { dailyCounts } from '../access/access.repository';
import { statusOf } from '../attendance/attendance.presenter';
import { dayOverview, findRecord, latestActivity } from '../attendance/attendance.repository';
import { footTrafficToday } from '../counting/foot-traffic';
import { totalRemainingDays } from '../leave/balances';
import { pendingCount } from '../leave/leave-counts.repository';
import {
  attendanceRateByDay,
  cameraCounts,
  countEmployedOn,
  countPresentOn,
  databaseLatency,
  deviceIngest,
  footTrafficByWeekday,
  latestLeaveAndAccess,
  leaveDaysByType,
  passagesByHour,
} from './dashboard.repository';
import { activityMessage, ingestCheck, loopCheck } from './health-checks';
import { ProcessMetrics } from './process-metrics';

/** Items in the admin dashboard's Recent Activity (spec section 9). */
const RECENT_ACTIVITY = 5;
/** A database slower than this to answer SELECT 1 is shown as a warning. */
const SLOW_DATABASE_MS = 250;

/**
 * Leave figures for quick stats: the caller's days left this year and own pending applications,
 * and for admins everyone's pending applications.
 */
export async function leaveFigures(
  db: Kysely<Database>,
  actor: Actor,
  today: string,
): Promise<{ totalLeaveBalance: number; pendingLeaveRequests: number; myPendingLeaveRequests: number }> {
  const [totalLeaveBalance, pendingLeaveRequests, myPendingLeaveRequests] = await Promise.all([
    totalRemainingDays(db, actor.userId, today),
    can(actor, 'leave.decide') ? pendingCount(db, listScope(actor, 'leave.decide')) : 0,
    pendingCount(db, { userId: actor.userId }),
  ]);
  return { totalLeaveBalance, pendingLeaveRequests, myPendingLeaveRequests };
}

export interface DashboardDeps {
  /** Live sockets open on this process (the live channel). */
  liveSockets?: () => number;
  metrics?: ProcessMetrics;
}

export class DashboardService {
  private readonly startedAt: number;
  readonly metrics: ProcessMetrics;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: OrgClock,
    private readonly deps: DashboardDeps = {},
  ) {
    this.startedAt = clock.now().getTime();
    this.metrics = deps.metrics ?? new ProcessMetrics();
  }

  async quickStats(actor: Actor): Promise<QuickStats> {
    authorize(actor, 'dashboard.self');
    const today = await this.clock.today();
    const [status, leave] = await Promise.all([
      findRecord(this.db, actor.userId, today.date).then((record) => statusOf(record, today)),
      leaveFigures(this.db, actor, today.date),
    ]);
    const organisation = can(actor, 'dashboard.organisation');
    const [presentToday, totalEmployees, access, traffic] = organisation
      ? await Promise.all([
          countPresentOn(this.db, today.date),
          countEmployedOn(this.db, today.date),
          dailyCounts(this.db, today.date),
          footTrafficToday(this.db, this.clock),
        ])
      : [0, 0, undefined, undefined];
    return {
      attendanceStatus: status.check_in_time ? 'present' : 'absent',
      canCheckIn: status.canCheckIn,
      canCheckOut: status.canCheckOut,
      totalLeaveBalance: leave.totalLeaveBalance,
      presentToday,
      totalEmployees,
      pendingLeaveRequests: leave.pendingLeaveRequests,
      myPendingLeaveRequests: leave.myPendingLeaveRequests,
      // Organisation-wide figures; a staff member's quick stats carry zeros for them.
      accessEventsToday: access ? access.entries + access.exits + access.denied + access.alarms : 0,
      dailyFootTraffic: traffic?.dailyFootTraffic ?? 0,
      walkInRate: traffic?.walkInRate ?? 0,
      footTrafficChange: traffic?.footTrafficChange ?? { direction: 'neutral', value: 0 },
    };
  }

  async stats(actor: Actor): Promise<DashboardStats> {
    authorize(actor, 'dashboard.organisation');
    const today = await this.clock.today();
    const { start } = await this.clock.dayBounds(today.date);
    const [overview, activity, others] = await Promise.all([
      dayOverview(this.db, today.date, { date: today.date, dayStart: start }),
      latestActivity(this.db, today.now, RECENT_ACTIVITY),
      latestLeaveAndAccess(this.db, today.now, RECENT_ACTIVITY),
    ]);
    const items: ActivityItem[] = [
      ...activity.map((a) => {
        const name = `${a.first_name} ${a.last_name}`;
        return {
          type: 'attendance' as const,
          message: `${name} ${a.kind === 'check_in' ? 'checked in' : 'checked out'}`,
          timestamp: new Date(a.at).toISOString(),
          user: { id: a.user_id, name },
        };
      }),
      ...others.map((o) => ({
        type: o.type,
        message: activityMessage(o),
        timestamp: new Date(o.at).toISOString(),
        user: { id: o.user_id, name: `${o.first_name} ${o.last_name}` },
      })),
    ];
    items.sort((a, b) => b.timestamp.localeCompare(a.timestamp));
    return { today: overview, recentActivity: items.slice(0, RECENT_ACTIVITY) };
  }

  /** Only what this process can measure itself; nothing is assumed healthy without a check. */
  async systemHealth(actor: Actor): Promise<SystemHealth> {
    authorize(actor, 'system.health');
    const now = this.clock.now();
    const latency = await databaseLatency(this.db);
    const database = latency === null ? 'down' : latency > SLOW_DATABASE_MS ? 'warning' : 'healthy';
    const [ingest, cameras] =
      latency === null ? [null, null] : await Promise.all([deviceIngest(this.db), cameraCounts(this.db)]);
    const sockets = this.deps.liveSockets?.();
    const checks: ServiceCheck[] = [
      {
        service: 'database',
        label: 'Database',
        state: database,
        detail: latency === null ? 'Not answering' : `${latency} ms round trip`,
      },
      sockets === undefined
        ? { service: 'liveChannel', label: 'Live channel', state: 'unknown', detail: 'Not measured' }
        : {
            service: 'liveChannel',
            label: 'Live channel',
            state: 'healthy',
            detail: `${sockets} ${sockets === 1 ? 'socket' : 'sockets'} connected`,
          },
      ingestCheck(ingest, now),
      !cameras
        ? { service: 'videoRecorder', label: 'Video recorder', state: 'unknown', detail: 'Not measured' }
        : cameras.total === 0
          ? { service: 'videoRecorder', label: 'Video recorder', state: 'unknown', detail: 'No cameras' }
          : {
              service: 'videoRecorder',
              label: 'Video recorder',
              state: cameras.online === 0 ? 'down' : cameras.online < cameras.total ? 'warning' : 'healthy',
              detail: `${cameras.online} of ${cameras.total} cameras online`,
            },
      loopCheck(this.metrics.loopDelayMs()),
    ];
    return {
      services: Object.fromEntries(checks.map((c) => [c.service, c.state])),
      checks,
      uptime: Math.round((now.getTime() - this.startedAt) / 1000),
      databaseLatencyMs: latency,
      checkedAt: now.toISOString(),
    };
  }

  /** Measured in this process: no defaults stand in for a figure. */
  performanceMetrics(actor: Actor): PerformanceMetrics {
    authorize(actor, 'system.health');
    const latency = this.metrics.latency();
    const memory = this.metrics.memory();
    return {
      responseTime: latency.median,
      requestsLastMinute: latency.count,
      cpuUsage: this.metrics.cpu(),
      memoryUsage: memory.percent,
      memoryRssMb: memory.rssMb,
      sampledAt: this.clock.now().toISOString(),
    };
  }

  /** The Analytics tab: cheap queries over rollups and indexed ranges. */
  async analytics(actor: Actor): Promise<DashboardAnalytics> {
    authorize(actor, 'dashboard.organisation');
    const today = await this.clock.today();
    const monthAgo = await this.clock.dayBounds(addDays(today.date, -29));
    const fourWeeksAgo = await this.clock.dayBounds(addDays(today.date, -28));
    const todayBounds = await this.clock.dayBounds(today.date);
    const [attendanceRate, leaveByType, accessByHour, footTraffic] = await Promise.all([
      // Whole days only: today is still under way.
      attendanceRateByDay(this.db, addDays(today.date, -30), addDays(today.date, -1), today.date),
      leaveDaysByType(this.db, `${today.year}-01-01`, `${today.year}-12-31`),
      passagesByHour(this.db, monthAgo.start, today.timeZone),
      // Whole days only: today is still counting.
      footTrafficByWeekday(this.db, fourWeeksAgo.start, todayBounds.start, today.timeZone),
    ]);
    return { attendanceRate, leaveByType, accessByHour, footTrafficByWeekday: footTraffic };
  }
}
