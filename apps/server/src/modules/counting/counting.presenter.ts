import type { Counter, CountingHourlyResponse, PeopleAnalyticsReport, QuickStats } from '@atrium/contract';
import { addDays } from '@atrium/contract/calendar';
import type { DomainEvent } from '../../core/events/bus';
import type { CounterRow, Counts, DayTotals } from './counting.repository';
import { conversionRate, trend, walkInRate } from './rates';

export const toCounter = (row: CounterRow): Counter => ({
  id: row.id,
  device_id: row.device_id,
  name: row.name,
  location: row.location,
  status: row.status,
  last_seen_at: row.last_seen_at ? new Date(row.last_seen_at).toISOString() : null,
  site_id: row.site_id,
  site: row.site,
});

/** A counter's new counts, for the administrators' live foot traffic. */
export const countingUpdate = (deviceId: string, added: Counts): DomainEvent => ({
  kind: 'live',
  type: 'counting_update',
  data: { deviceId, ...added },
  audience: { admins: true },
});

/** The report of a range whose start is after its end: empty, not an error. */
export const emptyAnalyticsReport = (
  startDate: string,
  endDate: string,
  timeZone: string,
): PeopleAnalyticsReport => ({
  startDate,
  endDate,
  timeZone,
  summary: { totalEntries: 0, totalPassby: 0, totalExits: 0, walkInRate: 0, conversionRate: 0 },
  trends: { entriesChange: trend(0, 0), walkInRateChange: trend(0, 0) },
  partialDay: null,
  comparedWith: { startDate, endDate, until: null },
  chartData: [],
});

export interface AnalyticsFigures {
  /** The zone the dates are local to. */
  timeZone: string;
  startDate: string;
  endDate: string;
  days: DayTotals[];
  /** The previous period's totals (cut at `cut` when the range holds today). */
  previous: Counts;
  previousStart: string;
  /** Where the previous period stops when the range holds today; null otherwise. */
  cut: { day: string; until: string } | null;
  today: string;
}

/** Foot traffic over a range, with trends against the period of the same length just before. */
export function toAnalyticsReport(f: AnalyticsFigures): PeopleAnalyticsReport {
  const sum = f.days.reduce(
    (acc, d) => ({
      entries: acc.entries + d.entries,
      exits: acc.exits + d.exits,
      passby: acc.passby + d.passby,
    }),
    { entries: 0, exits: 0, passby: 0 },
  );
  const rate = walkInRate(sum.entries, sum.passby);
  return {
    startDate: f.startDate,
    endDate: f.endDate,
    timeZone: f.timeZone,
    summary: {
      totalEntries: sum.entries,
      totalPassby: sum.passby,
      totalExits: sum.exits,
      walkInRate: rate,
      conversionRate: conversionRate(sum.entries, sum.passby),
    },
    trends: {
      entriesChange: trend(sum.entries, f.previous.entries),
      walkInRateChange: trend(rate, walkInRate(f.previous.entries, f.previous.passby)),
    },
    partialDay: f.cut ? f.today : null,
    comparedWith: {
      startDate: f.previousStart,
      endDate: f.cut?.day ?? addDays(f.startDate, -1),
      until: f.cut?.until ?? null,
    },
    chartData: f.days.map((d) => ({ ...d, walkInRate: walkInRate(d.entries, d.passby) })),
  };
}

/** One local day by hour of day, every hour present (zeros where nothing was counted). */
export function toHourly(
  date: string,
  timeZone: string,
  rows: Array<Counts & { hour: number }>,
): CountingHourlyResponse {
  const byHour = new Map(rows.map((r) => [r.hour, r]));
  return {
    date,
    timeZone,
    hours: Array.from({ length: 24 }, (_, hour) => {
      const r = byHour.get(hour);
      return { hour, entries: r?.entries ?? 0, exits: r?.exits ?? 0, passby: r?.passby ?? 0 };
    }),
  };
}

/** The dashboard's Daily Foot Traffic: today's entries and walk-in rate, and the change in entries. */
export const toFootTraffic = (
  now: Counts,
  before: Counts,
): Pick<QuickStats, 'dailyFootTraffic' | 'walkInRate' | 'footTrafficChange'> => ({
  dailyFootTraffic: now.entries,
  walkInRate: walkInRate(now.entries, now.passby),
  footTrafficChange: trend(now.entries, before.entries),
});
