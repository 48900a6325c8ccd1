import type { ActivityItem, DashboardStats, QuickStats, SystemHealth } from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { latestActivity } from '../attendance/attendance.repository';
import type { AttendanceService } from '../attendance/attendance.service';
import { overviewFor } from '../attendance/attendance-admin.service';
import { type Actor, isAdmin, requireAdmin } from '../auth/actor';
import { totalRemainingDays } from '../leave/balances';
import { pendingCount } from '../leave/leave.repository';
import { countActivePeople, countPresentOn, databaseLatency } from './dashboard.repository';

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
    isAdmin(actor) ? pendingCount(db) : 0,
    pendingCount(db, actor.userId),
  ]);
  return { totalLeaveBalance, pendingLeaveRequests, myPendingLeaveRequests };
}

export class DashboardService {
  private readonly startedAt: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly attendance: AttendanceService,
  ) {
    this.startedAt = Date.now();
  }

  async quickStats(actor: Actor): Promise<QuickStats> {
    const today = await this.attendance.today();
    const [status, leave] = await Promise.all([
      this.attendance.myStatus(actor),
      leaveFigures(this.db, actor, today.date),
    ]);
    const admin = isAdmin(actor);
    const [presentToday, totalEmployees] = admin
      ? await Promise.all([countPresentOn(this.db, today.date), countActivePeople(this.db)])
      : [0, 0];
    return {
      attendanceStatus: status.check_in_time ? 'present' : 'absent',
      canCheckIn: status.canCheckIn,
      canCheckOut: status.canCheckOut,
      totalLeaveBalance: leave.totalLeaveBalance,
      presentToday,
      totalEmployees,
      pendingLeaveRequests: admin ? leave.pendingLeaveRequests : 0,
      myPendingLeaveRequests: leave.myPendingLeaveRequests,
      // Access control and people counting are later features: nothing to count yet.
      accessEventsToday: 0,
      dailyFootTraffic: 0,
      walkInRate: 0,
      footTrafficChange: { direction: 'neutral', value: 0 },
    };
  }

  async stats(actor: Actor): Promise<DashboardStats> {
    requireAdmin(actor);
    const today = await this.attendance.today();
    const [overview, activity] = await Promise.all([
      overviewFor(this.db, today.date, today.date),
      latestActivity(this.db, today.now, RECENT_ACTIVITY),
    ]);
    const recentActivity: ActivityItem[] = activity.map((a) => {
      const name = `${a.first_name} ${a.last_name}`;
      return {
        type: 'attendance',
        message: `${name} ${a.kind === 'check_in' ? 'checked in' : 'checked out'}`,
        timestamp: new Date(a.at).toISOString(),
        user: { id: a.user_id, name },
      };
    });
    return { today: overview, recentActivity };
  }

  /** Only what this process can measure itself; nothing is assumed healthy without a check. */
  async systemHealth(actor: Actor): Promise<SystemHealth> {
    requireAdmin(actor);
    const latency = await databaseLatency(this.db);
    const database = latency === null ? 'down' : latency > SLOW_DATABASE_MS ? 'warning' : 'healthy';
    return {
      services: { api: 'healthy', database },
      uptime: Math.round((Date.now() - this.startedAt) / 1000),
      databaseLatencyMs: latency,
      checkedAt: new Date().toISOString(),
    };
  }
}
