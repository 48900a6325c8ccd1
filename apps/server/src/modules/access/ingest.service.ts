import { createHash, randomInt } from 'node:crypto';
import { localDate } from '@atrium/contract/calendar';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { alertLabel, meaningOf } from '../../devices/hikvision/event-codes';
import type { AccessEventFields } from '../../devices/hikvision/parse';
import type { DomainEvent, EventBus } from '../../events/bus';
import type { OrgClock } from '../system/clock';
import { alertLiveEvent, deviceStatusEvent } from './alerts';
import { raiseAlert } from './alerts.repository';
import { applyBadges } from './badge-attendance';
import { Batcher } from './batcher';
import { resolveOfflineAlerts } from './device-monitor';
import {
  type DailyDelta,
  type EventRow,
  ensurePartitions,
  finishBatch,
  insertEvents,
} from './ingest.repository';

/** What the ingestion needs to know of the device that sent an event. */
export interface IngestDevice {
  id: number;
  device_id: string;
  type: string;
  direction: 'entry' | 'exit' | 'both';
  access_point_id: number | null;
}

export interface IngestRequest {
  /** null for the web reader (POST /access/simulate), which is not a device. */
  device: IngestDevice | null;
  /** The code kept on the event: the device's own, or what the web reader sent. */
  deviceCode: string;
  fields: AccessEventFields;
  /** The parsed event as JSON, for diagnosis. */
  raw: string;
  picturePath?: string | null;
  /** The web reader decides who, which way and where. */
  userId?: number;
  action?: 'entry' | 'exit';
  accessPointId?: number;
}

/** A newly stored event that happened just now at an access point (not replayed backlog). */
export interface StoredAccessEvent {
  id: number;
  occurredAt: Date;
  accessPointId: number;
  /** When Atrium received it: the moment a camera's picture is of. */
  receivedAt: Date;
}

export interface IngestResult {
  /** false: the same event was stored before (a resend or replay); nothing changed. */
  stored: boolean;
  eventId: number | null;
}

/** Entry or exit of a granted passage, by the device's direction and the reader used. */
export function passageAction(device: IngestDevice | null, readerNo: number | null): 'entry' | 'exit' {
  if (!device || device.direction === 'both')
    return readerNo !== null && readerNo % 2 === 0 ? 'exit' : 'entry';
  return device.direction;
}

/**
 * Events without a serial number (some alarms and status events) are told apart by their
 * content: a negative key from a hash of it, so resends still collide and real serials never do.
 */
export function eventKeyOf(fields: AccessEventFields): number {
  if (fields.serialNo !== null) return fields.serialNo;
  const digest = createHash('sha256')
    .update(
      [
        fields.occurredAt.toISOString(),
        fields.major,
        fields.minor,
        fields.cardNo,
        fields.employeeNo,
        fields.readerNo,
        fields.doorNo,
      ].join('|'),
    )
    .digest();
  // 47 bits: exact in a JS number, and far from 0.
  return -(digest.readUIntBE(0, 6) % 2 ** 47) - 1;
}

const monthStart = (d: Date) => `${d.toISOString().slice(0, 7)}-01`;

/**
 * Stores door events and everything that follows from them, in one transaction per batch:
 * the events (once each), presence, daily counts, alerts, attendance from badges, the devices'
 * last_seen/online, and the live messages (published with the transaction, so sent on commit).
 * Concurrent pushes share a batch; a batch that fails is retried event by event so one bad
 * event cannot fail its neighbours.
 */
export class AccessIngest {
  // Two batches in the database at a time: while one commits the next is inserting. The rows
  // batches share (today's counters, a device, a person's presence) are written last, just
  // before the commit, so one batch waits for the other only briefly.
  private readonly batcher = new Batcher<IngestRequest, IngestResult | { error: unknown }>(
    (items) => this.writeBatch(items),
    2,
    500,
  );
  private readonly knownMonths = new Set<string>();
  private readonly listeners = new Set<(events: StoredAccessEvent[]) => void>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: EventBus,
    private readonly clock: OrgClock,
  ) {}

  /** Resolves once the event is committed (or was already stored); rejects when it could not be. */
  async ingest(request: IngestRequest): Promise<IngestResult> {
    const outcome = await this.batcher.submit(request);
    if ('error' in outcome) throw outcome.error;
    return outcome;
  }

  private async writeBatch(items: IngestRequest[]): Promise<(IngestResult | { error: unknown })[]> {
    await this.ensureMonths(items);
    try {
      return await this.write(items);
    } catch (error) {
      if (items.length === 1) return [{ error }];
      const results: (IngestResult | { error: unknown })[] = [];
      for (const item of items) {
        try {
          results.push(...(await this.write([item])));
        } catch (e) {
          results.push({ error: e });
        }
      }
      return results;
    }
  }

  private async ensureMonths(items: IngestRequest[]): Promise<void> {
    const missing = [...new Set(items.map((i) => monthStart(i.fields.occurredAt)))].filter(
      (m) => !this.knownMonths.has(m),
    );
    if (missing.length === 0) return;
    await ensurePartitions(this.db, missing);
    for (const m of missing) this.knownMonths.add(m);
  }

  private async write(items: IngestRequest[]): Promise<IngestResult[]> {
    const timeZone = await this.clock.timeZone();
    const receivedAt = this.clock.now();
    const rows: EventRow[] = items.map((item) => {
      const f = item.fields;
      const meaning = meaningOf(f.major, f.minor);
      const granted = meaning.kind === 'granted';
      return {
        device_ref: item.device?.id ?? null,
        device_code: item.deviceCode,
        serial_no: f.serialNo,
        // The web reader is no device: its events never collide, a random key tells them apart.
        event_key: item.device ? eventKeyOf(f) : -randomInt(1, 2 ** 47),
        occurred_at: f.occurredAt,
        major: f.major,
        minor: f.minor,
        kind: meaning.kind,
        action: granted ? (item.action ?? passageAction(item.device, f.readerNo)) : null,
        access_point_id: item.accessPointId ?? item.device?.access_point_id ?? null,
        user_id: item.userId ?? null,
        card_no: f.cardNo,
        employee_no: f.employeeNo,
        verify_mode: f.verifyMode ?? meaning.verify ?? null,
        reader_no: f.readerNo,
        door_no: f.doorNo,
        backlog: !f.currentEvent,
        raw: item.raw,
        picture_path: item.picturePath ?? null,
      };
    });

    const outcome = await this.db.transaction().execute(async (trx) => {
      const inserted = await insertEvents(trx, rows);
      const byKey = new Map(inserted.map((e) => [keyOf(e.device_ref, e.event_key, e.occurred_at), e]));
      const results: IngestResult[] = [];
      const fresh: Fresh[] = [];
      for (const row of rows) {
        const key = keyOf(row.device_ref, row.event_key, row.occurred_at);
        const hit = byKey.get(key);
        // The same event twice in one batch is stored once; the second copy is a duplicate.
        byKey.delete(key);
        if (hit) {
          fresh.push({
            row,
            id: hit.id,
            userId: hit.user_id,
            name: hit.name,
            point: hit.point_name,
            attendance: hit.counts_for_attendance === true,
          });
          results.push({ stored: true, eventId: hit.id });
        } else {
          results.push({ stored: false, eventId: null });
        }
      }

      const live: DomainEvent[] = [];
      const { presence, daily } = await this.applyEffects(trx, fresh, timeZone, live);
      const devices = [...new Set(items.filter((i) => i.device).map((i) => i.device!.id))];
      const back = await finishBatch(
        trx,
        presence,
        daily,
        devices.map((id) => ({ id, at: receivedAt })),
      );
      for (const d of back) {
        await resolveOfflineAlerts(trx, d.device_id, d.type, receivedAt);
        live.push(deviceStatusEvent({ ...d, status: 'online' }));
      }
      await this.bus.publishMany(live, trx);
      return { results, fresh };
    });
    this.announce(outcome.fresh, receivedAt);
    return outcome.results;
  }

  /** Tells the listeners of the batch's new live events at an access point, once committed. */
  private announce(fresh: Fresh[], receivedAt: Date): void {
    const events: StoredAccessEvent[] = fresh
      .filter((f) => !f.row.backlog && f.row.access_point_id !== null)
      .map((f) => ({
        id: f.id,
        occurredAt: f.row.occurred_at,
        accessPointId: f.row.access_point_id!,
        receivedAt,
      }));
    if (events.length === 0) return;
    for (const listener of this.listeners) listener(events);
  }

  /** Listens to new live events at access points (video keeps the camera's picture of them). */
  onStored(listener: (events: StoredAccessEvent[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async applyEffects(
    trx: Kysely<Database>,
    fresh: Fresh[],
    timeZone: string,
    live: DomainEvent[],
  ): Promise<{ presence: PresenceRow[]; daily: DailyDelta[] }> {
    if (fresh.length === 0) return { presence: [], daily: [] };
    const presence = new Map<number, PresenceRow>();
    const daily = new Map<string, DailyDelta>();
    const passages: { userId: number; action: 'entry' | 'exit'; at: Date }[] = [];
    for (const { row, id, userId, attendance } of fresh) {
      const day = localDate(row.occurred_at, timeZone);
      const d = daily.get(day) ?? { day, entries: 0, exits: 0, denied: 0, alarms: 0 };
      daily.set(day, d);
      if (row.kind === 'granted') {
        if (row.action === 'entry') d.entries += 1;
        else d.exits += 1;
        if (userId !== null) {
          const p = presence.get(userId);
          if (
            !p ||
            p.at < row.occurred_at ||
            (p.at.getTime() === row.occurred_at.getTime() && p.event_id < id)
          )
            presence.set(userId, {
              user_id: userId,
              action: row.action!,
              at: row.occurred_at,
              access_point_id: row.access_point_id,
              event_id: id,
            });
          if (attendance) passages.push({ userId, action: row.action!, at: row.occurred_at });
        }
      } else if (row.kind === 'denied') d.denied += 1;
      else if (row.kind === 'alarm') d.alarms += 1;
    }

    // Attendance: passages at doors that count, oldest first, so a batch reads like a day.
    const changes = await applyBadges(
      trx,
      passages.sort((a, b) => a.at.getTime() - b.at.getTime()),
      timeZone,
    );
    for (const c of changes) {
      live.push({
        kind: 'live',
        type: 'attendance_update',
        data: { userId: c.userId, date: c.date, action: c.action },
        audience: { userIds: [c.userId], admins: true },
      });
    }

    // Alerts and live messages; replayed backlog raises alerts but no live toasts.
    for (const { row, id, userId, name, point } of fresh) {
      const meaning = meaningOf(row.major, row.minor);
      if (meaning.alert) {
        const who = name ?? (row.card_no ? `card ${row.card_no}` : null);
        const alert = await raiseAlert(trx, {
          source: 'access',
          kind: meaning.alert.kind,
          severity: meaning.alert.severity,
          message: `${meaning.label}${who ? ` (${who})` : ''} at ${point ?? row.device_code}`,
          device_id: row.device_code,
          access_event_id: id,
          occurred_at: row.occurred_at,
        });
        if (alert && !row.backlog) live.push(alertLiveEvent(alert, alertLabel(alert.kind)));
      }
      if (row.backlog) continue;
      if (row.kind === 'granted' && userId !== null && name) {
        live.push({
          kind: 'live',
          type: 'access_log_update',
          data: {
            user: { id: userId, name },
            action: row.action!,
            access_point: point ?? row.device_code,
            device_id: row.device_code,
            timestamp: row.occurred_at.toISOString(),
            log_id: id,
          },
          audience: { userIds: [userId], admins: true },
        });
      } else {
        live.push({
          kind: 'live',
          type: 'device_event',
          data: {
            eventType: meaning.type,
            deviceId: row.device_code,
            label: meaning.label,
            kind: meaning.kind,
            user: userId !== null && name ? { id: userId, name } : null,
            access_point: point,
            timestamp: row.occurred_at.toISOString(),
          },
          audience: { admins: true },
        });
      }
    }
    return { presence: [...presence.values()], daily: [...daily.values()] };
  }
}

/** A newly stored event with what the live messages and attendance need to know. */
interface PresenceRow {
  user_id: number;
  action: 'entry' | 'exit';
  at: Date;
  access_point_id: number | null;
  event_id: number;
}

interface Fresh {
  row: EventRow;
  id: number;
  userId: number | null;
  name: string | null;
  point: string | null;
  attendance: boolean;
}

const keyOf = (device: number | null, key: number, at: Date) => `${device}|${key}|${new Date(at).getTime()}`;
