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
import { Batcher } from '../../core/batcher';
import type { OrgClock, SiteToday, Today } from '../../core/clock';
import { notFound } from '../../core/errors';
import { type Changes, FreshCache } from '../../core/events/changes';
import { authorize, can, listScope } from '../../core/policies';
import { requireSite } from '../../db/row-exists';
import type { Database } from '../../db/schema';
import { dailyCounts } from '../access/access.repository';
import { statusOf } from '../attendance/attendance.presenter';
import { latestActivity } from '../attendance/attendance.repository';
import { siteOverview, todayOverview } from '../attendance/day-overview';
import { ongoingRecord } from '../attendance/night-shift';
import { oneDate, siteToday, todaysKey } from '../attendance/person-site';
import { countEmployedToday, countPresentToday } from '../attendance/site-days.repository';
import { footTrafficToday } from '../counting/foot-traffic';
import { totalRemainingDays } from '../leave/balances';
import { pendingCount } from '../leave/leave-counts.repository';
import {
  type OrganisationFigures,
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
  type PersonalFiguresRow,
  passagesByHour,
  personalFigures,
} from './dashboard.repository';
import { ProcessMetrics } from './process-metrics';
import { pendingOfSite } from './site-figures.repository';

/** Items in the admin dashboard's Recent Activity (spec section 9). */
const RECENT_ACTIVITY = 5;

/**
 * How long the organisation's tiles may be served from memory when no change was announced: the
 * figures are exact within this after a change that announces nothing (a moving clock, a write
 * outside Atrium), and at once after any other.
 */
const ORGANISATION_FIGURES_TTL_MS = 1000;

/**
 * Personal figures read at once; those asked meanwhile wait and go out together in the next
 * round trip, as my-status's reads do (attendance.service.ts): every dashboard load asks for them.
 */
const PERSONAL_READS_IN_FLIGHT = 2;

/**
 * A person's own figures are read again after any change and at least once a second, as their
 * record of the day is for my-status (attendance.service.ts): every dashboard load asks for them.
 */
const OWN_FIGURES_TTL_MS = 1000;
/** People whose own figures are kept: those who asked in the last second, at most. */
const OWN_FIGURES_KEPT = 20_000;

/** The caller's own figures for quick stats, but for the status, which moves with the clock. */
interface OwnFigures {
  /** Their site's today, which the figures are of. */
  today: Today;
  record: PersonalFiguresRow['record'];
  totalLeaveBalance: number;
  myPendingLeaveRequests: number;
}

/** Today's record, days left this year and own pending applications, on the person's site's clock. */
async function ownFigures(
  db: Kysely<Database>,
  personal: Batcher<number, PersonalFiguresRow | undefined>,
  clock: OrgClock,
  todays: readonly SiteToday[],
  actor: Actor,
): Promise<OwnFigures> {
  const own = await personal.submit(actor.userId);
  if (!own) throw notFound('User');
  const today = await siteToday(clock, todays, own.siteId);
  const shown = ongoingRecord(own.record, today);
  return {
    today: shown.today,
    record: shown.record,
    // A person's first read of a year (or of a new leave type) books it first.
    totalLeaveBalance: own.booked
      ? own.remainingDays
      : await totalRemainingDays(db, actor.userId, today.date),
    myPendingLeaveRequests: own.myPending,
  };
}

export interface DashboardDeps {
  /** What keeps the organisation's tiles fresh (core/events/changes.ts). */
  changes: Changes;
  /** Live sockets open on this process (the live channel). */
  liveSockets?: () => number;
  metrics?: ProcessMetrics;
}

export class DashboardService {
  private readonly startedAt: number;
  readonly metrics: ProcessMetrics;
  private readonly personal: Batcher<number, PersonalFiguresRow | undefined>;
  private readonly ownFigures: FreshCache<OwnFigures>;
  private readonly organisationFigures: FreshCache<OrganisationFigures & { pendingLeaveRequests: number }>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: OrgClock,
    private readonly deps: DashboardDeps,
  ) {
    this.startedAt = clock.now().getTime();
    this.metrics = deps.metrics ?? new ProcessMetrics();
    this.organisationFigures = new FreshCache(deps.changes, ORGANISATION_FIGURES_TTL_MS);
    this.personal = new Batcher(
      async (userIds) => personalFigures(db, userIds, await clock.todays()),
      PERSONAL_READS_IN_FLIGHT,
    );
    this.ownFigures = new FreshCache(deps.changes, OWN_FIGURES_TTL_MS, OWN_FIGURES_KEPT);
  }

  /** With a site (an administrator's filter), the organisation's tiles are that site's, on its own today. */
  async quickStats(actor: Actor, siteId?: number): Promise<QuickStats> {
    authorize(actor, 'dashboard.self');
    if (siteId !== undefined) await requireSite(this.db, siteId);
    const todays = await this.clock.todays();
    const day = todaysKey(todays);
    const organisation = can(actor, 'dashboard.organisation');
    const [own, org] = await Promise.all([
      this.ownFigures.get(`${actor.userId} ${day}`, () =>
        ownFigures(this.db, this.personal, this.clock, todays, actor),
      ),
      organisation
        ? // Daily Foot Traffic compares with last week up to the same minute: a new minute, new figures.
          this.organisationFigures.get(
            `${siteId ?? 'all'} ${day} ${Math.floor(todays[0]!.now.getTime() / 60_000)}`,
            () =>
              siteId === undefined ? this.readOrganisationFigures(todays) : this.readSiteFigures(siteId),
          )
        : undefined,
    ]);
    const leave = {
      totalLeaveBalance: own.totalLeaveBalance,
      myPendingLeaveRequests: own.myPendingLeaveRequests,
      pendingLeaveRequests: await this.pendingToDecide(actor, org),
    };
    return toQuickStats(
      statusOf(own.record, own.today),
      leave,
      org ?? { presentToday: 0, totalEmployees: 0, access: undefined, traffic: undefined },
    );
  }

  /** Applications the caller may decide: everyone's from the organisation's figures, else their reach's. */
  private async pendingToDecide(
    actor: Actor,
    org: { pendingLeaveRequests: number } | undefined,
  ): Promise<number> {
    if (!can(actor, 'leave.decide')) return 0;
    const scope = listScope(actor, 'leave.decide');
    if (org && scope.userId === undefined && scope.departmentIds === undefined)
      return org.pendingLeaveRequests;
    return pendingCount(this.db, scope);
  }

  /** Today's tiles, each person (and door) on their site's today; one date's read when all agree. */
  private async readOrganisationFigures(todays: readonly SiteToday[]) {
    const date = oneDate(todays) ? todays[0]!.date : undefined;
    const [presentToday, totalEmployees, access, traffic, pendingLeaveRequests] = await Promise.all([
      date ? countPresentOn(this.db, date) : countPresentToday(this.db, todays),
      date ? countEmployedOn(this.db, date) : countEmployedToday(this.db, todays),
      dailyCounts(this.db, date ?? todays),
      footTrafficToday(this.db, this.clock),
      pendingCount(this.db, {}),
    ]);
    return { presentToday, totalEmployees, access, traffic, pendingLeaveRequests };
  }

  /**
   * One site's tiles on its own today: the overview's figures of its people (so the tile and the
   * attendance overview are one number), its doors' passages and counters' entries.
   */
  private async readSiteFigures(siteId: number) {
    const today = await this.clock.today(siteId);
    const [overview, access, traffic, pendingLeaveRequests] = await Promise.all([
      siteOverview(this.db, this.clock, siteId),
      dailyCounts(this.db, [{ siteId, date: today.date }]),
      footTrafficToday(this.db, this.clock, siteId),
      pendingOfSite(this.db, siteId),
    ]);
    return {
      presentToday: overview.present,
      totalEmployees: overview.totalEmployees,
      access,
      traffic,
      pendingLeaveRequests,
    };
  }

  async stats(actor: Actor, siteId?: number): Promise<DashboardStats> {
    authorize(actor, 'dashboard.organisation');
    if (siteId !== undefined) await requireSite(this.db, siteId);
    const today = await this.clock.today();
    const [overview, activity, others] = await Promise.all([
      siteId === undefined ? todayOverview(this.db, this.clock) : siteOverview(this.db, this.clock, siteId),
      latestActivity(this.db, today.now, RECENT_ACTIVITY, siteId),
      latestLeaveAndAccess(this.db, today.now, RECENT_ACTIVITY, siteId),
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
  /** With a site, its people, doors and counters, on its own days and clock. */
  async analytics(actor: Actor, siteId?: number): Promise<DashboardAnalytics> {
    authorize(actor, 'dashboard.organisation');
    if (siteId !== undefined) await requireSite(this.db, siteId);
    const today = await this.clock.today(siteId);
    const monthAgo = await this.clock.dayBounds(addDays(today.date, -29), siteId);
    const fourWeeksAgo = await this.clock.dayBounds(addDays(today.date, -28), siteId);
    const todayBounds = await this.clock.dayBounds(today.date, siteId);
    const [days, leaveDays, accessByHour, footTraffic] = await Promise.all([
      // Whole days only: today is still under way.
      dayCountsOldestFirst(this.db, addDays(today.date, -30), addDays(today.date, -1), today.date, siteId),
      leaveDaysByType(this.db, `${today.year}-01-01`, `${today.year}-12-31`, siteId),
      passagesByHour(this.db, monthAgo.start, today.timeZone, siteId),
      // Whole days only: today is still counting.
      footTrafficByWeekday(this.db, fourWeeksAgo.start, todayBounds.start, today.timeZone, siteId),
    ]);
    return toAnalytics({ days, leaveDays, accessByHour, footTrafficByWeekday: footTraffic });
  }
}
