import type {
  DashboardAnalytics,
  DashboardStats,
  PerformanceMetrics,
  QuickStats,
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
import { findRecord, latestActivity } from '../attendance/attendance.repository';
import { dayOverview } from '../attendance/day-overview';
import { footTrafficToday } from '../counting/foot-traffic';
import { totalRemainingDays } from '../leave/balances';
import { pendingCount } from '../leave/leave-counts.repository';
import {
  toAnalytics,
  toDashboardStats,
  toPerformanceMetrics,
  toQuickStats,
  toSystemHealth,
} from './dashboard.presenter';
import {
  cameraCounts,
  countEmployedOn,
  countPresentOn,
  databaseLatency,
  dayCountsOldestFirst,
  deviceIngest,
  footTrafficByWeekday,
  latestLeaveAndAccess,
  leaveDaysByType,
  passagesByHour,
} from './dashboard.repository';
import { ProcessMetrics } from './process-metrics';

/** Items in the admin dashboard's Recent Activity (spec section 9). */
const RECENT_ACTIVITY = 5;

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
    return toQuickStats(status, leave, { presentToday, totalEmployees, access, traffic });
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
    return toDashboardStats(overview, activity, others, RECENT_ACTIVITY);
  }

  /** Only what this process can measure itself; nothing is assumed healthy without a check. */
  async systemHealth(actor: Actor): Promise<SystemHealth> {
    authorize(actor, 'system.health');
    const now = this.clock.now();
    const latency = await databaseLatency(this.db);
    const [ingest, cameras] =
      latency === null ? [null, null] : await Promise.all([deviceIngest(this.db), cameraCounts(this.db)]);
    return toSystemHealth({
      now,
      startedAt: this.startedAt,
      latency,
      ingest,
      cameras,
      sockets: this.deps.liveSockets?.(),
      loopDelayMs: this.metrics.loopDelayMs(),
    });
  }

  /** Measured in this process: no defaults stand in for a figure. */
  performanceMetrics(actor: Actor): PerformanceMetrics {
    authorize(actor, 'system.health');
    return toPerformanceMetrics({
      latency: this.metrics.latency(),
      cpu: this.metrics.cpu(),
      memory: this.metrics.memory(),
      sampledAt: this.clock.now(),
    });
  }

  /** The Analytics tab: cheap queries over rollups and indexed ranges. */
  async analytics(actor: Actor): Promise<DashboardAnalytics> {
    authorize(actor, 'dashboard.organisation');
    const today = await this.clock.today();
    const monthAgo = await this.clock.dayBounds(addDays(today.date, -29));
    const fourWeeksAgo = await this.clock.dayBounds(addDays(today.date, -28));
    const todayBounds = await this.clock.dayBounds(today.date);
    const [days, leaveDays, accessByHour, footTraffic] = await Promise.all([
      // Whole days only: today is still under way.
      dayCountsOldestFirst(this.db, addDays(today.date, -30), addDays(today.date, -1), today.date),
      leaveDaysByType(this.db, `${today.year}-01-01`, `${today.year}-12-31`),
      passagesByHour(this.db, monthAgo.start, today.timeZone),
      // Whole days only: today is still counting.
      footTrafficByWeekday(this.db, fourWeeksAgo.start, todayBounds.start, today.timeZone),
    ]);
    return toAnalytics({ days, leaveDays, accessByHour, footTrafficByWeekday: footTraffic });
  }
}
