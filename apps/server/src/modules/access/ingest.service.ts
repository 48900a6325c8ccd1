import { createHash, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Batcher } from '../../core/batcher';
import type { OrgClock } from '../../core/clock';
import type { DomainEvent, EventBus } from '../../core/events/bus';
import type { Database } from '../../db/schema';
import { alertLabel, meaningOf } from '../../devices/hikvision/event-codes';
import type { AccessEventFields } from '../../devices/hikvision/parse';
import { attendanceUpdate } from '../attendance/attendance.presenter';
import { alertLiveEvent, storedEventLive } from './access.presenter';
import { mailDeviceAlerts } from './alert-mails';
import { type AttendanceChange, applyBadges } from './badge-attendance';
import { markDevicesSeen } from './device-monitor';
import { type BatchOutcome, type BatchRow, ensurePartitions, storeBatch } from './ingest.repository';
import { StoredRecently } from './stored-recently';

/** What the ingestion needs to know of the device that sent an event. */
export interface IngestDevice {
  id: number;
  device_id: string;
  type: string;
  direction: 'entry' | 'exit' | 'both';
  access_point_id: number | null;
  /**
   * Whether its access point counts for attendance, as last looked up: false lets a batch skip
   * the transaction attendance needs (the statement defers any passage for which it no longer holds).
   */
  counts_for_attendance?: boolean | null;
}

export interface IngestRequest {
  /** null for the web reader (POST /access/simulate), which is not a device. */
  device: IngestDevice | null;
  /** The code kept on the event: the device's own, or what the web reader sent. */
  deviceCode: string;
  fields: AccessEventFields;
  /** The parsed event as JSON, for diagnosis: made only when the event is new. */
  raw: () => string;
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

/** What tells a device's event from its other events, copies included. */
const keyOf = (device: IngestDevice, fields: AccessEventFields) =>
  `${device.id}|${eventKeyOf(fields)}|${fields.occurredAt.getTime()}`;

/** Whether a write succeeds; a copy waiting on it does not take its error on. */
const succeeds = (write: Promise<unknown>) =>
  write.then(
    () => true,
    () => false,
  );

const monthStart = (d: Date) => `${d.toISOString().slice(0, 7)}-01`;

/**
 * Stores door events and everything that follows from them: the events (once each), presence,
 * daily counts, alerts, the devices' last_seen/online, attendance from badges, and the live
 * messages. Concurrent pushes share a batch, written by one statement (storeBatch); a batch with
 * passages at doors that count for attendance is written with the attendance they make, and every
 * batch logs its live messages in its own transaction. A batch that fails is retried event by event so one bad event
 * cannot fail its neighbours.
 */
export class AccessIngest {
  // One batch in the database at a time. With two, the second mostly waited on the first's
  // locks (the day's counters, a badge batch's transaction): a 5,000 check-in burst took 3.5-5.2 s
  // with badge p99 57-85 ms, and 2.9-3.2 s with 44-64 ms with one; ingest alone was no slower.
  private readonly batcher = new Batcher<IngestRequest, IngestResult | { error: unknown }>(
    (items) => this.writeBatch(items),
    1,
    500,
  );
  private readonly knownMonths = new Set<string>();
  private readonly listeners = new Set<(events: StoredAccessEvent[]) => void>();
  private readonly recent = new StoredRecently();
  /** Events being written now, by key: a copy that arrives meanwhile waits for that write. */
  private readonly writing = new Map<string, Promise<unknown>>();

  constructor(
    db: Kysely<Database>,
    private readonly bus: EventBus,
    private readonly clock: OrgClock,
    /**
     * Where batches are written: a connection of their own keeps pushes from waiting for a pooled
     * one behind reads, and its server process warm (a batch on a new connection waited 25 ms for
     * it and took 26 ms instead of 2). By default the pool.
     */
    private readonly writer: Kysely<Database> = db,
  ) {}

  /**
   * Whether this event from this device is a copy of one committed moments ago, answered from
   * memory: what a push need not read further (its picture, its raw JSON) to answer "duplicate".
   */
  knownCopy(device: IngestDevice, fields: AccessEventFields): boolean {
    return this.recent.answers(device.id, keyOf(device, fields));
  }

  /** Resolves once the event is committed (or was already stored); rejects when it could not be. */
  async ingest(request: IngestRequest): Promise<IngestResult> {
    if (!request.device) return this.submit(request);
    const key = keyOf(request.device, request.fields);
    if (this.recent.answers(request.device.id, key)) return { stored: false, eventId: null };
    // A device resends when its first push is slow to be answered: the copy waits for that write
    // rather than queueing a second one behind it. Should the write fail, the copy tries its own.
    const first = this.writing.get(key);
    if (first && (await succeeds(first))) return { stored: false, eventId: null };
    const written = this.submit(request);
    this.writing.set(key, written);
    try {
      const outcome = await written;
      this.recent.remember(key);
      return outcome;
    } finally {
      if (this.writing.get(key) === written) this.writing.delete(key);
    }
  }

  private async submit(request: IngestRequest): Promise<IngestResult> {
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
    await ensurePartitions(this.writer, missing);
    for (const m of missing) this.knownMonths.add(m);
  }

  private async write(items: IngestRequest[]): Promise<IngestResult[]> {
    const receivedAt = this.clock.now();
    const rows = items.map(rowOf);
    const devices = [...new Set(items.flatMap((i) => (i.device ? [i.device.id] : [])))];
    const seen = devices.map((id) => ({ id, at: receivedAt }));
    const batch = { rows, indexes: rows.map((_, i) => i), seen, receivedAt };
    // The web reader, and devices at doors that (may) count for attendance, need the transaction.
    const stored = items.some((i) => i.device?.counts_for_attendance !== false)
      ? await this.writeWithAttendance(batch)
      : await this.writeAlone(batch);
    this.recent.seen(devices);
    const results: IngestResult[] = items.map(() => ({ stored: false, eventId: null }));
    for (const f of stored) results[f.index] = { stored: true, eventId: f.id };
    return results;
  }

  /** A batch with no passage at a door that counts for attendance: no attendance to apply. */
  private async writeAlone(batch: Batch): Promise<Stored[]> {
    const { rows, seen, receivedAt } = batch;
    const { stored, outcome } = await this.writer.transaction().execute(async (trx) => {
      const outcome = await storeBatch(trx, rows, { seen, deferAttendance: true });
      // A forced door mails the opted-in administrators with the alert; nothing when none was raised.
      await mailDeviceAlerts(trx, outcome.alerts);
      const stored = storedOf(batch, outcome);
      await this.bus.publishMany(liveEvents(stored, outcome, []), trx);
      const back = outcome.offline.map((id) => ({ id, at: receivedAt }));
      await markDevicesSeen(trx, this.bus, back);
      return { stored, outcome };
    });
    this.announce(stored, receivedAt);
    if (outcome.deferred.length === 0) return stored;
    // A door began to count for attendance since its device was looked up: those passages left
    // unstored are stored with their attendance.
    const deferred = {
      ...batch,
      rows: outcome.deferred.map((i) => rows[i]!),
      indexes: outcome.deferred.map((i) => batch.indexes[i]!),
      seen: [],
    };
    return [...stored, ...(await this.writeWithAttendance(deferred))];
  }

  /** Stores a batch and applies its passages to attendance, in one transaction. */
  private async writeWithAttendance(batch: Batch): Promise<Stored[]> {
    const { rows, seen, receivedAt } = batch;
    const stored = await this.writer.transaction().execute(async (trx) => {
      const outcome = await storeBatch(trx, rows, { seen, deferAttendance: false });
      // A forced door mails the opted-in administrators with the alert; nothing when none was raised.
      await mailDeviceAlerts(trx, outcome.alerts);
      const stored = storedOf(batch, outcome);
      // Passages at doors that count, oldest first, so a batch reads like a day.
      const passages = stored
        .filter((f) => f.attendance && f.row.kind === 'granted' && f.userId !== null)
        .map((f) => ({ userId: f.userId!, action: f.row.action!, at: f.row.occurred_at }))
        .sort((a, b) => a.at.getTime() - b.at.getTime());
      const changes = await applyBadges(trx, passages, this.clock);
      await this.bus.publishMany(liveEvents(stored, outcome, changes), trx);
      const back = outcome.offline.map((id) => ({ id, at: receivedAt }));
      await markDevicesSeen(trx, this.bus, back);
      return stored;
    });
    this.announce(stored, receivedAt);
    return stored;
  }

  /** Tells the listeners of the batch's new live events at an access point, once committed. */
  private announce(stored: Stored[], receivedAt: Date): void {
    const events: StoredAccessEvent[] = stored
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
}

/** The row to store for a request, with the alert its codes raise. */
function rowOf(item: IngestRequest): BatchRow {
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
    raw: item.raw(),
    picture_path: item.picturePath ?? null,
    alert: meaning.alert ? { ...meaning.alert, label: meaning.label } : null,
  };
}

function storedOf(batch: Batch, outcome: BatchOutcome): Stored[] {
  return outcome.stored.map((s) => ({
    index: batch.indexes[s.index]!,
    row: batch.rows[s.index]!,
    id: s.id,
    userId: s.user_id,
    name: s.name,
    point: s.point_name,
    attendance: s.counts_for_attendance,
  }));
}

/**
 * A batch's live messages, in order: attendance changes, then each new event's alert and what
 * happened (replayed backlog raises alerts but no live toasts).
 */
function liveEvents(stored: Stored[], outcome: BatchOutcome, changes: AttendanceChange[]): DomainEvent[] {
  const live: DomainEvent[] = changes.map((c) => attendanceUpdate(c.userId, c.date, c.action));
  const alerts = new Map(outcome.alerts.map((a) => [Number(a.access_event_id), a]));
  for (const { row, id, userId, name, point } of stored) {
    if (row.backlog) continue;
    const alert = alerts.get(id);
    if (alert) live.push(alertLiveEvent(alert, alertLabel(alert.kind)));
    live.push(storedEventLive(row, { id, userId, name, point }));
  }
  return live;
}

/** Rows to store, with their places among the pushes of the batch. */
interface Batch {
  rows: BatchRow[];
  indexes: number[];
  /** The devices heard from. */
  seen: { id: number; at: Date }[];
  receivedAt: Date;
}

/** A newly stored event with what the live messages and attendance need to know. */
interface Stored {
  /** Its place among the pushes of the batch. */
  index: number;
  row: BatchRow;
  id: number;
  userId: number | null;
  name: string | null;
  point: string | null;
  attendance: boolean;
}
