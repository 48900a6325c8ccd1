import type {
  ActivityItem,
  AttendanceOverview,
  DashboardAnalytics,
  DashboardStats,
  MyStatus,
  PerformanceMetrics,
  QuickStats,
  ServiceCheck,
  SystemHealth,
} from '@atrium/contract';
import type { ActivityRow } from '../attendance/attendance.repository';
import type { DayCount } from '../attendance/day-page.repository';
import type { DeviceIngest, LeaveDaysRow, OtherActivityRow } from './dashboard.repository';

/** No push from any device for this long while devices are online is a warning. */
const QUIET_INGEST_MS = 30 * 60_000;
/** Timers running this late (p99 event-loop delay) delay scheduled jobs noticeably. */
const LATE_TIMERS_MS = 200;
const STALLED_TIMERS_MS = 2000;

function age(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.round(s / 60)} min`;
  if (s < 86_400) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86_400)} d`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export interface LeaveFigures {
  totalLeaveBalance: number;
  pendingLeaveRequests: number;
  myPendingLeaveRequests: number;
}

/** Figures only administrators see; a staff member's quick stats carry zeros for them. */
export interface OrganisationFigures {
  presentToday: number;
  totalEmployees: number;
  access: { entries: number; exits: number; denied: number; alarms: number } | undefined;
  traffic: Pick<QuickStats, 'dailyFootTraffic' | 'walkInRate' | 'footTrafficChange'> | undefined;
}

export function toQuickStats(status: MyStatus, leave: LeaveFigures, org: OrganisationFigures): QuickStats {
  return {
    attendanceStatus: status.check_in_time ? 'present' : 'absent',
    canCheckIn: status.canCheckIn,
    canCheckOut: status.canCheckOut,
    totalLeaveBalance: leave.totalLeaveBalance,
    presentToday: org.presentToday,
    totalEmployees: org.totalEmployees,
    pendingLeaveRequests: leave.pendingLeaveRequests,
    myPendingLeaveRequests: leave.myPendingLeaveRequests,
    // Organisation-wide figures; a staff member's quick stats carry zeros for them.
    accessEventsToday: org.access
      ? org.access.entries + org.access.exits + org.access.denied + org.access.alarms
      : 0,
    dailyFootTraffic: org.traffic?.dailyFootTraffic ?? 0,
    walkInRate: org.traffic?.walkInRate ?? 0,
    footTrafficChange: org.traffic?.footTrafficChange ?? { direction: 'neutral', value: 0 },
  };
}

/** Today's overview and the newest `limit` of check-ins, leave and passages, newest first. */
export function toDashboardStats(
  today: AttendanceOverview,
  attendance: ActivityRow[],
  others: OtherActivityRow[],
  limit: number,
): DashboardStats {
  const items: ActivityItem[] = [
    ...attendance.map((a) => {
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
  return { today, recentActivity: items.slice(0, limit) };
}

/** A database slower than this to answer SELECT 1 is shown as a warning. */
const SLOW_DATABASE_MS = 250;

export interface HealthFigures {
  now: Date;
  startedAt: number;
  /** Round trip of SELECT 1, ms; null when the database does not answer. */
  latency: number | null;
  ingest: DeviceIngest | null;
  cameras: { total: number; online: number } | null;
  /** Live sockets open on this process; undefined when not measured. */
  sockets: number | undefined;
  loopDelayMs: number;
}

/** Only what this process can measure itself; nothing is assumed healthy without a check. */
export function toSystemHealth(f: HealthFigures): SystemHealth {
  const { latency, sockets, cameras } = f;
  const database = latency === null ? 'down' : latency > SLOW_DATABASE_MS ? 'warning' : 'healthy';
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
    ingestCheck(f.ingest, f.now),
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
    loopCheck(f.loopDelayMs),
  ];
  return {
    services: Object.fromEntries(checks.map((c) => [c.service, c.state])),
    checks,
    uptime: Math.round((f.now.getTime() - f.startedAt) / 1000),
    databaseLatencyMs: latency,
    checkedAt: f.now.toISOString(),
  };
}

export interface ProcessFigures {
  latency: { median: number | null; count: number };
  cpu: number;
  memory: { percent: number; rssMb: number };
  sampledAt: Date;
}

export const toPerformanceMetrics = (f: ProcessFigures): PerformanceMetrics => ({
  responseTime: f.latency.median,
  requestsLastMinute: f.latency.count,
  cpuUsage: f.cpu,
  memoryUsage: f.memory.percent,
  memoryRssMb: f.memory.rssMb,
  sampledAt: f.sampledAt.toISOString(),
});

export interface AnalyticsRows {
  /** Per day, oldest first: the list's counts of that day. */
  days: DayCount[];
  leaveDays: LeaveDaysRow[];
  accessByHour: { hour: number; passages: number }[];
  footTrafficByWeekday: { weekday: number; entries: number }[];
}

/**
 * The Analytics tab. The attendance rate of a day: people who worked a scheduled day against the
 * people expected that day (scheduled, employed, not on approved leave: the list's worked and
 * absent rows), percent; null when nobody was expected.
 */
export function toAnalytics(rows: AnalyticsRows): DashboardAnalytics {
  return {
    attendanceRate: rows.days.map((day) => {
      const expected = day.scheduled_records + day.absent;
      return {
        date: day.date,
        present: day.scheduled_records,
        expected,
        rate: expected > 0 ? Math.round((day.scheduled_records / expected) * 1000) / 10 : null,
      };
    }),
    leaveByType: rows.leaveDays.map((r) => ({ leaveType: r.name, days: r.days })),
    accessByHour: rows.accessByHour,
    footTrafficByWeekday: rows.footTrafficByWeekday,
  };
}

/**
 * Device ingest: devices offline and the age of the latest pushed event. The detail names the
 * kinds it counts (Access Control lists door controllers, People Counting the counters).
 */
function ingestCheck(ingest: DeviceIngest | null, now: Date): ServiceCheck {
  const base = { service: 'deviceIngest', label: 'Device ingest' };
  if (!ingest) return { ...base, state: 'unknown', detail: 'Not measured' };
  const total = ingest.controllers + ingest.counters;
  if (total === 0) return { ...base, state: 'unknown', detail: 'No devices registered' };
  const last = ingest.lastEventAt
    ? `last event ${age(now.getTime() - ingest.lastEventAt.getTime())} ago`
    : 'no event yet';
  const quiet = !ingest.lastEventAt || now.getTime() - ingest.lastEventAt.getTime() > QUIET_INGEST_MS;
  const state = ingest.offline >= total ? 'down' : ingest.offline > 0 || quiet ? 'warning' : 'healthy';
  const kinds = [
    plural(ingest.controllers, 'door controller', 'door controllers'),
    plural(ingest.counters, 'people counter', 'people counters'),
  ].join(', ');
  const maintenance = ingest.maintenance ? `; ${ingest.maintenance} in maintenance not counted` : '';
  return {
    ...base,
    state,
    detail: `${ingest.offline} of ${total} devices offline (${kinds}${maintenance}), ${last}`,
  };
}

/** Job scheduler: the background jobs run on this process's timers; late timers mean late jobs. */
function loopCheck(p99Ms: number): ServiceCheck {
  return {
    service: 'jobScheduler',
    label: 'Job scheduler',
    state: p99Ms > STALLED_TIMERS_MS ? 'down' : p99Ms > LATE_TIMERS_MS ? 'warning' : 'healthy',
    detail: `timers run up to ${p99Ms} ms late`,
  };
}

const LEAVE_WORDS: Record<string, string> = {
  applied: 'applied for',
  approved: 'was approved for',
  rejected: 'was refused',
  cancelled: 'cancelled',
};

function activityMessage(row: OtherActivityRow): string {
  const name = `${row.first_name} ${row.last_name}`;
  if (row.type === 'leave') return `${name} ${LEAVE_WORDS[row.what] ?? row.what} ${row.place}`;
  if (row.what === 'denied') return `${name} was denied at ${row.place}`;
  return `${name} ${row.what === 'exit' ? 'left through' : 'entered at'} ${row.place}`;
}
