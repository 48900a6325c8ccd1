import type {
  AccessLog,
  AccessLogsResponse,
  AccessPermission,
  AccessPoint,
  AccessStats,
  AccessStatus,
  Alert,
  AlertsQuery,
  BadgeResponse,
  MyAccessStats,
  SimulateAccessRequest,
} from '@atrium/contract';
import { addDays, isoWeekday } from '@atrium/contract/calendar';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import type { OrgClock } from '../../core/clock';
import { AppError, notFound } from '../../core/errors';
import type { EventBus } from '../../core/events/bus';
import type { ReportsDb } from '../../core/module';
import { authorize, can } from '../../core/policies';
import { requireSite } from '../../db/row-exists';
import type { Database } from '../../db/schema';
import { countInBuilding } from '../attendance/in-building.repository';
import { oneDate } from '../attendance/person-site';
import {
  toAccessLog,
  toAccessPermission,
  toAccessPoint,
  toAccessStats,
  toAccessStatus,
  toAlert,
  toBadgeUser,
  toMyAccessStats,
} from './access.presenter';
import {
  type After,
  badgeTaken,
  countEntriesSince,
  dailyCounts,
  findBadgeHolder,
  findEventPicture,
  findPresence,
  listPassages,
  type PassageFilter,
  type PassageRow,
  permissionsOf,
  setBadge,
} from './access.repository';
import { accessLogsCsv } from './access-logs.export';
import { acknowledgeAlert, countActiveAlerts, findAlert, listAlerts } from './alerts.repository';
import { decodeCursor, page } from './cursor';
import { findAccessPointByName, listAccessPoints } from './devices.repository';
import type { AccessIngest } from './ingest.service';

/** The logs screen's filters (and the CSV's). */
interface AccessLogsFilters {
  search?: string;
  action?: 'entry' | 'exit';
  result?: 'granted' | 'denied';
  userId?: number;
  accessPointId?: number;
  from?: string;
  to?: string;
  siteId?: number;
}

/** Rows read per statement while the CSV streams. */
const EXPORT_PAGE = 5000;

const passagePosition = (row: PassageRow) => ({ rank: 0, at: new Date(row.occurred_at), id: Number(row.id) });

/** Access as people and administrators read it: logs, presence, permissions, figures, alerts. */
export class AccessService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: OrgClock,
    private readonly ingest: AccessIngest,
    private readonly reports: ReportsDb,
    private readonly bus: EventBus,
  ) {}

  // ---- The signed-in person's own ----

  async myLogs(actor: Actor, q: { cursor?: string; limit: number }): Promise<AccessLogsResponse> {
    authorize(actor, 'access.self');
    return this.passages({
      kinds: ['granted'],
      userId: actor.userId,
      after: decodeCursor(q.cursor),
      limit: q.limit,
    });
  }

  async myStatus(actor: Actor): Promise<AccessStatus> {
    authorize(actor, 'access.self');
    const [presence, today] = await Promise.all([findPresence(this.db, actor.userId), this.clock.today()]);
    if (!presence) return toAccessStatus(undefined, false);
    const { start } = await this.clock.dayBounds(today.date);
    // An entry from an earlier day without an exit is a missed badge, not someone inside now.
    const inside = presence.last_action === 'entry' && new Date(presence.last_at) >= start;
    return toAccessStatus(presence, inside);
  }

  async myPermissions(actor: Actor): Promise<AccessPermission[]> {
    authorize(actor, 'access.self');
    const today = await this.clock.today();
    const rows = await permissionsOf(this.db, actor.userId);
    return rows.map((r) => toAccessPermission(r, today.date));
  }

  async myStats(actor: Actor): Promise<MyAccessStats> {
    authorize(actor, 'access.self');
    const today = await this.clock.today();
    const monday = addDays(today.date, 1 - isoWeekday(today.date));
    const [{ start: dayStart }, { start: weekStart }] = await Promise.all([
      this.clock.dayBounds(today.date),
      this.clock.dayBounds(monday),
    ]);
    const [todayEntries, weekEntries, permissions] = await Promise.all([
      countEntriesSince(this.db, actor.userId, dayStart),
      countEntriesSince(this.db, actor.userId, weekStart),
      this.myPermissions(actor),
    ]);
    return toMyAccessStats(todayEntries, weekEntries, permissions);
  }

  /**
   * The spec's web reader: a passage for the caller at an access point, through the same
   * ingestion as a device push (attendance, presence, live messages). The log keeps the
   * device id the client sent.
   */
  async simulate(actor: Actor, body: SimulateAccessRequest): Promise<AccessLog> {
    authorize(actor, 'access.self');
    const point = await findAccessPointByName(this.db, body.access_point);
    if (!point) {
      throw new AppError('validation_failed', `"${body.access_point}" is not a known access point`, [
        { field: 'access_point', rule: 'exists', message: 'The access point must be a known one' },
      ]);
    }
    const now = this.clock.now();
    const at = new Date(Math.floor(now.getTime()));
    const result = await this.ingest.ingest({
      device: null,
      deviceCode: body.device_id,
      fields: {
        occurredAt: at,
        major: 5,
        minor: 1,
        serialNo: null,
        cardNo: null,
        employeeNo: null,
        name: null,
        readerNo: null,
        doorNo: null,
        verifyMode: 'web',
        currentEvent: true,
      },
      raw: () =>
        JSON.stringify({
          source: 'web',
          action: body.action,
          access_point: point.name,
          device_id: body.device_id,
        }),
      userId: actor.userId,
      action: body.action,
      accessPointId: point.id,
    });
    const rows = await listPassages(this.db, {
      kinds: ['granted'],
      userId: actor.userId,
      from: at,
      to: new Date(at.getTime() + 1),
      limit: 10,
    });
    const row = rows.find((r) => Number(r.id) === result.eventId);
    if (!row) throw new AppError('internal', 'The passage was recorded but could not be read back');
    return toAccessLog(row);
  }

  /** The file of a picture a device sent: administrators, or the person on it. */
  async eventPicture(actor: Actor, eventId: number): Promise<string> {
    const event = await findEventPicture(this.db, eventId);
    if (!event?.picture_path) throw notFound('Picture');
    if (
      !can(actor, 'access.view') &&
      !(event.user_id !== null && can(actor, 'access.self', { userId: event.user_id }))
    ) {
      throw notFound('Picture');
    }
    return event.picture_path;
  }

  // ---- Administrators ----

  /** Today's figures; with a site, its people and doors on its own today. */
  async stats(actor: Actor, siteId?: number): Promise<AccessStats> {
    authorize(actor, 'access.view');
    await this.knownSite(siteId);
    const today = await this.clock.today(siteId);
    const { start } = await this.clock.dayBounds(today.date, siteId);
    // Without a site, each door's passages count on its own site's today (as the dashboard's do).
    const days = siteId === undefined ? await this.clock.todays() : [{ ...today, siteId }];
    const [inBuilding, counts, active] = await Promise.all([
      countInBuilding(this.db, today.date, start, siteId),
      dailyCounts(this.db, siteId === undefined && oneDate(days) ? days[0]!.date : days),
      countActiveAlerts(this.db, siteId),
    ]);
    return toAccessStats(inBuilding, counts, active);
  }

  async logs(
    actor: Actor,
    q: AccessLogsFilters & { cursor?: string; limit: number },
  ): Promise<AccessLogsResponse> {
    authorize(actor, 'access.view');
    return this.passages({ ...(await this.filterOf(q)), after: decodeCursor(q.cursor), limit: q.limit });
  }

  /** A site named by a filter must exist: a 400 naming it, not an empty answer that looks true. */
  private async knownSite(siteId: number | undefined): Promise<void> {
    if (siteId !== undefined) await requireSite(this.db, siteId);
  }

  /** The logs screen's filters as a query of passages and attempts; dates are the site's (or organisation's) local days. */
  private async filterOf(q: AccessLogsFilters): Promise<Omit<PassageFilter, 'limit'>> {
    await this.knownSite(q.siteId);
    return {
      siteId: q.siteId,
      kinds: q.result ? [q.result] : ['granted', 'denied'],
      search: q.search || undefined,
      action: q.action,
      userId: q.userId,
      accessPointId: q.accessPointId,
      from: q.from ? (await this.clock.dayBounds(q.from, q.siteId)).start : undefined,
      to: q.to ? (await this.clock.dayBounds(q.to, q.siteId)).end : undefined,
    };
  }

  /**
   * Every row the logs screen would list with these filters, as CSV named after today, read a
   * page at a time on the reports' connections and stopped when `signal` aborts.
   */
  async exportLogs(actor: Actor, q: AccessLogsFilters, signal?: AbortSignal) {
    authorize(actor, 'access.view');
    const filter = await this.filterOf(q);
    const today = await this.clock.today(q.siteId);
    const db = this.reports.db(signal);
    async function* pages() {
      let after: After | undefined;
      for (;;) {
        const rows = await listPassages(db, { ...filter, after, limit: EXPORT_PAGE });
        yield rows.slice(0, EXPORT_PAGE);
        if (rows.length <= EXPORT_PAGE) return;
        const last = rows[EXPORT_PAGE - 1]!;
        after = { at: new Date(last.occurred_at), id: Number(last.id) };
      }
    }
    return { filename: `access-logs-${today.date}.csv`, lines: accessLogsCsv(pages(), today.timeZone) };
  }

  async accessPoints(actor: Actor): Promise<AccessPoint[]> {
    authorize(actor, 'access.view');
    return (await listAccessPoints(this.db)).map(toAccessPoint);
  }

  async alerts(
    actor: Actor,
    q: AlertsQuery & { limit: number },
  ): Promise<{ alerts: Alert[]; next_cursor: string | null }> {
    authorize(actor, 'access.view');
    const after = decodeCursor(q.cursor);
    const rows = await listAlerts(this.db, {
      state: q.state,
      source: q.source,
      severity: q.severity,
      after,
      limit: q.limit + 1,
    });
    const { items, next_cursor } = page(rows, q.limit, (r) => ({
      rank: Number(r.rank),
      at: new Date(r.occurred_at),
      id: Number(r.id),
    }));
    return { alerts: items.map(toAlert), next_cursor };
  }

  /** Acknowledges an alert once (audited); acknowledging it again changes nothing. */
  async acknowledge(actor: Actor, id: number, note: string | undefined): Promise<Alert> {
    authorize(actor, 'access.manage');
    await this.db.transaction().execute(async (trx) => {
      const done = await acknowledgeAlert(trx, id, actor.userId, note?.trim() || null, this.clock.now());
      if (!done) {
        if (!(await findAlert(trx, id))) throw notFound('Alert');
        return;
      }
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'alert.acknowledged',
        targetType: 'alert',
        targetId: id,
        ip: actor.ip,
        details: note ? { note } : {},
      });
      // Other systems (webhooks) hear who acknowledged what.
      const alert = (await findAlert(trx, id))!;
      await this.bus.publish(
        {
          kind: 'integration',
          type: 'alert.acknowledged',
          data: {
            alertId: id,
            source: alert.source,
            kind: alert.kind,
            severity: alert.severity,
            message: alert.message,
            deviceId: alert.device_id,
            acknowledgedBy: actor.userId,
            note: alert.acknowledge_note,
            acknowledgedAt: alert.acknowledged_at ? new Date(alert.acknowledged_at).toISOString() : null,
          },
        },
        trx,
      );
    });
    const row = await findAlert(this.db, id);
    if (!row) throw notFound('Alert');
    return toAlert(row);
  }

  /** Changes the card number doors report for a person (audited with the old and new number). */
  async setBadge(actor: Actor, userId: number, badge: string): Promise<BadgeResponse['user']> {
    authorize(actor, 'access.manage');
    return this.db.transaction().execute(async (trx) => {
      const person = await findBadgeHolder(trx, userId);
      if (!person) throw notFound('User');
      if (person.badge_number === badge) return toBadgeUser(person);
      if (await badgeTaken(trx, badge, userId)) {
        throw new AppError('conflict', `Badge ${badge} belongs to someone else`, [
          {
            field: 'badge_number',
            rule: 'unique',
            message: 'This badge number is already given to another person',
          },
        ]);
      }
      const updated = await setBadge(trx, userId, badge);
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'user.badge_changed',
        targetType: 'user',
        targetId: userId,
        ip: actor.ip,
        details: { from: person.badge_number, to: badge },
      });
      // The controllers swap the card (device sync).
      await this.bus.publish({ kind: 'access_changed' }, trx);
      return toBadgeUser(updated!);
    });
  }

  private async passages(filter: PassageFilter): Promise<AccessLogsResponse> {
    const rows = await listPassages(this.db, filter);
    const { items, next_cursor } = page(rows, filter.limit, passagePosition);
    return { logs: items.map(toAccessLog), next_cursor };
  }
}
