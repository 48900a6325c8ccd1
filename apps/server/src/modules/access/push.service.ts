import { hash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { OrgClock } from '../../core/clock';
import { AppError } from '../../core/errors';
import type { EventBus } from '../../core/events/bus';
import type { Database } from '../../db/schema';
import {
  PushFormatError,
  parsePush,
  readAccessEvent,
  readHeader,
  storableRaw,
} from '../../devices/hikvision/parse';
import { markDevicesSeen } from './device-monitor';
import type { DeviceRow, PushingDevice } from './devices.repository';
import { recordPushReject } from './ingest.repository';
import type { AccessIngest } from './ingest.service';
import type { PushDevices } from './push-devices';

/** Every push hashes its URL's secret: the one-shot hash costs a third of a Hash object's. */
export const hashSecret = (secret: string) => hash('sha256', secret, 'hex');

/** A push secret as it appears in the URL: 32 random bytes, base64url. */
export const PUSH_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * What another domain does with pushes of its own event type (people counting registers
 * `PeopleCounting`). Runs after the device is authenticated; resolve once the data is committed.
 */
export type PushHandler = (
  device: DeviceRow,
  alert: Record<string, unknown>,
  receivedAt: Date,
) => Promise<void>;

export interface PushOutcome {
  /** What happened, for the device's log and the tests. */
  result: 'stored' | 'duplicate' | 'heartbeat' | 'handled' | 'ignored';
  eventId?: number;
}

/**
 * The device side of Atrium: authenticates a push by the secret in its URL, reads the body in
 * whichever of the three forms it came, and hands access events to the ingestion. Answers only
 * once the event is committed, so a device that gets no 200 sends again and nothing is lost.
 */
export class DevicePushService {
  private readonly handlers = new Map<string, PushHandler>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: EventBus,
    private readonly clock: OrgClock,
    private readonly ingest: AccessIngest,
    private readonly picturesDir: string,
    private readonly devices: PushDevices,
  ) {}

  /** Lets another domain take pushes of an event type (case-insensitive). */
  handle(eventType: string, handler: PushHandler): void {
    this.handlers.set(eventType.toLowerCase(), handler);
  }

  /** Forgets cached devices (after a change in this process, before its event arrives). */
  forgetSecrets(): void {
    this.devices.forget();
  }

  async authenticate(token: string): Promise<PushingDevice> {
    if (!PUSH_TOKEN.test(token)) throw new AppError('unauthorized', 'Unauthorized');
    const device = await this.devices.find(hashSecret(token));
    if (!device) throw new AppError('unauthorized', 'Unauthorized');
    return device;
  }

  async receive(
    device: PushingDevice,
    contentType: string | undefined,
    body: Buffer | undefined,
  ): Promise<PushOutcome> {
    const receivedAt = this.clock.now();
    let alert: Record<string, unknown>;
    let picture: Buffer | undefined;
    let header: ReturnType<typeof readHeader>;
    try {
      if (!body || body.length === 0) throw new PushFormatError('the body is empty');
      ({ alert, picture } = parsePush(contentType, body));
      header = readHeader(alert);
    } catch (error) {
      throw await this.refuse(device, contentType, body, error);
    }

    if (header.heartbeat) {
      await this.seen(device, receivedAt);
      return { result: 'heartbeat' };
    }
    const handler = this.handlers.get(header.eventType.toLowerCase());
    if (handler) {
      try {
        await handler(device, alert, receivedAt);
      } catch (error) {
        throw await this.refuse(device, contentType, body, error);
      }
      // A counter that pushes is alive, as a controller is: last_seen, and back online.
      await this.seen(device, receivedAt);
      return { result: 'handled' };
    }
    if (header.eventType.toLowerCase() !== 'accesscontrollerevent') {
      // Cameras' own events and the like: the device is alive; nothing else to do here.
      await this.seen(device, receivedAt);
      return { result: 'ignored' };
    }

    let fields: ReturnType<typeof readAccessEvent>;
    try {
      fields = readAccessEvent(alert, await this.clock.timeZone());
    } catch (error) {
      throw await this.refuse(device, contentType, body, error);
    }
    // Most pushes are a device's resends of what it just sent.
    if (this.ingest.knownCopy(device, fields)) return { result: 'duplicate' };
    const picturePath = picture
      ? await this.savePicture(device, fields.serialNo, fields.occurredAt, picture)
      : null;
    const outcome = await this.ingest.ingest({
      device,
      deviceCode: device.device_id,
      fields,
      raw: () => storableRaw(alert),
      picturePath,
    });
    return outcome.stored
      ? { result: 'stored', eventId: outcome.eventId ?? undefined }
      : { result: 'duplicate' };
  }

  /** A heartbeat or an event nobody stores: last_seen, and back online if it was offline. */
  private async seen(device: DeviceRow, at: Date): Promise<void> {
    await this.db.transaction().execute((trx) => markDevicesSeen(trx, this.bus, [{ id: device.id, at }]));
  }

  /** Keeps (bounded) what could not be read, and answers 400 saying why. */
  private async refuse(
    device: DeviceRow,
    contentType: string | undefined,
    body: Buffer | undefined,
    error: unknown,
  ): Promise<unknown> {
    if (!(error instanceof PushFormatError)) return error;
    const excerpt = (body ?? Buffer.alloc(0)).subarray(0, 4096).toString('utf8').replaceAll('\u0000', '\\0');
    await recordPushReject(this.db, {
      device_ref: device.id,
      reason: error.message.slice(0, 500),
      content_type: contentType?.slice(0, 200).replaceAll('\u0000', '') ?? null,
      body_excerpt: excerpt,
    });
    return new AppError('validation_failed', `The event could not be read: ${error.message}`, [
      { field: 'body', rule: 'format', message: `The event could not be read: ${error.message}` },
    ]);
  }

  /** Pictures live under DATA_DIR, one file per event (a resend overwrites the same file). */
  private async savePicture(
    device: DeviceRow,
    serial: number | null,
    at: Date,
    picture: Buffer,
  ): Promise<string> {
    const month = at.toISOString().slice(0, 7);
    const name = `${device.id}-${serial ?? 'x'}-${at.getTime()}.jpg`;
    const relative = path.join(month, name);
    await mkdir(path.join(this.picturesDir, month), { recursive: true });
    await writeFile(path.join(this.picturesDir, relative), picture);
    return relative;
  }

  picturePath(relative: string): string {
    return path.join(this.picturesDir, relative);
  }
}
