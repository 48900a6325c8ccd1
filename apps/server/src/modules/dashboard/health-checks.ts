import type { ServiceCheck } from '@atrium/contract';
import type { DeviceIngest, OtherActivityRow } from './dashboard.repository';

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

/**
 * Device ingest: devices offline and the age of the latest pushed event. The detail names the
 * kinds it counts (Access Control lists door controllers, People Counting the counters).
 */
export function ingestCheck(ingest: DeviceIngest | null, now: Date): ServiceCheck {
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
export function loopCheck(p99Ms: number): ServiceCheck {
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

export function activityMessage(row: OtherActivityRow): string {
  const name = `${row.first_name} ${row.last_name}`;
  if (row.type === 'leave') return `${name} ${LEAVE_WORDS[row.what] ?? row.what} ${row.place}`;
  if (row.what === 'denied') return `${name} was denied at ${row.place}`;
  return `${name} ${row.what === 'exit' ? 'left through' : 'entered at'} ${row.place}`;
}
