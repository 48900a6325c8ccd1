import {
  type CountersResponse,
  type CountingHourlyResponse,
  type PeopleAnalyticsQuery,
  type PeopleAnalyticsReport,
  REPORT_MAX_DAYS,
} from '@atrium/contract';
import { addDays, daysBetween, localDate, wallClock, zonedInstant } from '@atrium/contract/calendar';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import type { OrgClock } from '../../core/clock';
import { checkRangeLength } from '../../core/date-range';
import { AppError } from '../../core/errors';
import type { EventBus } from '../../core/events/bus';
import { authorize } from '../../core/policies';
import { requireSite } from '../../db/row-exists';
import type { Database } from '../../db/schema';
import { readCounting } from '../../devices/hikvision/counting-parse';
import type { DeviceRow } from '../access/devices.repository';
import {
  countingUpdate,
  emptyAnalyticsReport,
  toAnalyticsReport,
  toCounter,
  toHourly,
} from './counting.presenter';
import {
  type Counts,
  dailyTotals,
  deleteRealTimeWindowEndingAt,
  hourlyTotals,
  insertReading,
  insertWindow,
  isCounter,
  listCounters,
  lockDevice,
  neighbourReadings,
  type ReadingRow,
  totals,
} from './counting.repository';

const covers = (later: Counts, earlier: Counts) =>
  later.entries >= earlier.entries && later.exits >= earlier.exits && later.passby >= earlier.passby;

/** Counts since `base`, or, when the counter was reset in between (or there is no base), all of them. */
function since(reading: ReadingRow, base: ReadingRow | undefined): Counts {
  if (!base || !covers(reading, base))
    return { entries: reading.entries, exits: reading.exits, passby: reading.passby };
  return {
    entries: reading.entries - base.entries,
    exits: reading.exits - base.exits,
    passby: reading.passby - base.passby,
  };
}

/**
 * People counting: takes counters' ISAPI PeopleCounting pushes (windows, or cumulative readings
 * turned into windows), keeps the hourly rollup in the same transaction, and answers the foot
 * traffic figures from that rollup only.
 */
export class CountingService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: EventBus,
    private readonly clock: OrgClock,
  ) {}

  /** The push handler for eventType PeopleCounting; resolves once the counts are committed. */
  async ingest(device: DeviceRow, alert: Record<string, unknown>): Promise<void> {
    const timeZone = await this.clock.timeZone();
    const reading = readCounting(alert, timeZone);
    await this.db.transaction().execute(async (trx) => {
      let added: Counts | undefined;
      if (reading.method === 'timeRange') {
        const fresh = await insertWindow(trx, device.id, reading, 'timeRange');
        if (fresh) added = reading;
      } else {
        await lockDevice(trx, device.id);
        const current: ReadingRow = reading;
        if (!(await insertReading(trx, device.id, current))) return;
        const bounds = await this.clock.dayBounds(localDate(current.at, timeZone));
        const { previous, next } = await neighbourReadings(
          trx,
          device.id,
          current.at,
          bounds.start,
          bounds.end,
        );
        added = since(current, previous);
        await insertWindow(
          trx,
          device.id,
          { start: previous?.at ?? bounds.start, end: current.at, ...added },
          'realTime',
        );
        if (next) {
          // A late reading splits the window that the next one had: recompute it from this one.
          await deleteRealTimeWindowEndingAt(trx, device.id, next.at);
          await insertWindow(
            trx,
            device.id,
            { start: current.at, end: next.at, ...since(next, current) },
            'realTime',
          );
        }
      }
      if (added) await this.bus.publish(countingUpdate(device.device_id, added), trx);
    });
  }

  async counters(actor: Actor): Promise<CountersResponse['counters']> {
    authorize(actor, 'counting.view');
    return (await listCounters(this.db)).map(toCounter);
  }

  private async checkDevice(deviceId: number | undefined): Promise<void> {
    if (deviceId !== undefined && !(await isCounter(this.db, deviceId)))
      throw new AppError('validation_failed', 'deviceId must be a people counter', [
        { field: 'deviceId', rule: 'counter', message: 'must be a people counter' },
      ]);
  }

  /**
   * Foot traffic over [startDate, endDate] (default: the last 7 days), with trends against the
   * period of the same length just before. A range that holds today holds an unfinished day: its
   * figures are "so far" (partialDay says which), and the previous period is cut at the same time
   * of day, so the trends compare like with like instead of a morning with a whole day.
   */
  async report(actor: Actor, query: PeopleAnalyticsQuery): Promise<PeopleAnalyticsReport> {
    authorize(actor, 'counting.view');
    await this.checkDevice(query.deviceId);
    const site = query.siteId;
    if (site !== undefined) await requireSite(this.db, site);
    // A site's counters count on its own days and clock.
    const today = await this.clock.today(site);
    const endDate = query.endDate ?? today.date;
    const startDate = query.startDate ?? addDays(endDate, -6);
    // Start after end is allowed: the range is empty, not an error.
    if (startDate > endDate) return emptyAnalyticsReport(startDate, endDate, today.timeZone);
    // The Reports page's people-counting report, so its longest range too.
    checkRangeLength(startDate, endDate, REPORT_MAX_DAYS['people-analytics']);
    const timeZone = today.timeZone;
    const from = (await this.clock.dayBounds(startDate, site)).start;
    const to = (await this.clock.dayBounds(endDate, site)).end;
    const length = daysBetween(startDate, endDate) + 1;
    const previousStart = addDays(startDate, -length);
    const previousFrom = (await this.clock.dayBounds(previousStart, site)).start;
    const cut = await this.previousCut(startDate, endDate, length, today.now, today.date, timeZone, site);

    const [days, previous] = await Promise.all([
      dailyTotals(
        this.db,
        { from, to, firstDay: startDate, lastDay: endDate, timeZone },
        query.deviceId,
        site,
      ),
      totals(this.db, previousFrom, cut?.at ?? from, query.deviceId, site),
    ]);
    return toAnalyticsReport({
      timeZone,
      startDate,
      endDate,
      days,
      previous,
      previousStart,
      cut,
      today: today.date,
    });
  }

  /**
   * When the range holds today: where the previous period stops, on the day as far before today
   * as the range is long. The rollup is kept by the hour, so the cut is the end of the current
   * hour on both sides (this hour counts so far today, and wholly in the previous period; a
   * change of at most one hour's traffic, where a whole unfinished day was before).
   */
  private async previousCut(
    startDate: string,
    endDate: string,
    length: number,
    now: Date,
    today: string,
    timeZone: string,
    siteId: number | undefined,
  ): Promise<{ day: string; at: Date; until: string } | null> {
    if (today < startDate || today > endDate) return null;
    const day = addDays(today, -length);
    const hour = wallClock(now, timeZone).hour;
    if (hour === 23) return { day, at: (await this.clock.dayBounds(day, siteId)).end, until: '24:00' };
    const until = `${String(hour + 1).padStart(2, '0')}:00`;
    return { day, at: zonedInstant(day, until, timeZone), until };
  }

  /** One local day by hour of day (default: today). */
  /** One local day by hour of day (default: today); with a site, its counters on its clock. */
  async hourly(
    actor: Actor,
    query: { date?: string; deviceId?: number; siteId?: number },
  ): Promise<CountingHourlyResponse> {
    authorize(actor, 'counting.view');
    await this.checkDevice(query.deviceId);
    if (query.siteId !== undefined) await requireSite(this.db, query.siteId);
    const today = await this.clock.today(query.siteId);
    const date = query.date ?? today.date;
    const { start, end } = await this.clock.dayBounds(date, query.siteId);
    const rows = await hourlyTotals(this.db, start, end, today.timeZone, query.deviceId, query.siteId);
    return toHourly(date, today.timeZone, rows);
  }
}
