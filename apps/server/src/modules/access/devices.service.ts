import { randomBytes } from 'node:crypto';
import {
  type Device,
  type DoorStatus,
  type OpenDoorResponse,
  PERSON_EVENT_TYPES,
  type SimulatedEventType,
  type UpdateDeviceRequest,
} from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import type { OrgClock } from '../../core/clock';
import { AppError, notFound } from '../../core/errors';
import type { EventBus } from '../../core/events/bus';
import { authorize } from '../../core/policies';
import { siteCountsChanged } from '../../core/site-events';
import { requireSite, rowExists } from '../../db/row-exists';
import type { Database } from '../../db/schema';
import {
  type DeviceEndpoint,
  DeviceUnreachable,
  remoteDoor,
  workStatus,
} from '../../devices/hikvision/client';
import type { DeviceCredentials } from '../../devices/hikvision/credentials';
import { CODES } from '../../devices/hikvision/event-codes';
import type { EmitInput } from '../../devices/hikvision/simulator/controller';
import type { SimulatorFleet } from '../../devices/hikvision/simulator/fleet';
import {
  deviceStatusEvent,
  devicesChanged,
  toAccessEvent,
  toDevice,
  toDoorStatus,
  unreachableDoor,
} from './access.presenter';
import { findBadgeHolder, listDeviceEvents } from './access.repository';
import { resolveAlerts } from './alerts.repository';
import { decodeCursor, page } from './cursor';
import {
  type DeviceChange,
  type DeviceRow,
  findDevice,
  findDeviceByCode,
  findDeviceView,
  listDevices,
  lockDevice,
  placeAccessPoint,
  updateDevice,
} from './devices.repository';
import { hashSecret } from './push.service';

/** The push path a device is configured with (httpHosts), relative to the server's origin. */
export const pushPath = (secret: string) => `/api/devices/isapi/${secret}`;

/** A device's site_id that names no site. */
/** A new push secret: 32 random bytes, base64url (what PUSH_TOKEN accepts). */
export const newPushSecret = () => randomBytes(32).toString('base64url');

/** Devices as administrators manage them: settings, push secrets, door commands, the simulator. */
export class DevicesService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: EventBus,
    private readonly clock: OrgClock,
    private readonly credentials: DeviceCredentials,
    private readonly simulator: SimulatorFleet | undefined,
    private readonly onSecretRotated: () => void,
  ) {}

  async list(actor: Actor): Promise<Device[]> {
    authorize(actor, 'access.view');
    return (await listDevices(this.db, 'access_controller')).map(toDevice);
  }

  /** Settings (audited). Maintenance silences offline alerts; leaving it waits for the next event. */
  async update(actor: Actor, id: number, body: UpdateDeviceRequest): Promise<Device> {
    authorize(actor, 'access.manage');
    if (body.access_point_id != null && !(await rowExists(this.db, 'access_points', body.access_point_id))) {
      const message = 'The access point must be an existing one';
      throw new AppError('validation_failed', message, [
        { field: 'access_point_id', rule: 'exists', message },
      ]);
    }
    if (body.site_id !== undefined) await requireSite(this.db, body.site_id, 'site_id');
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      const before = await lockDevice(trx, id);
      if (!before) throw notFound('Device');
      const change: DeviceChange = {};
      if (body.name !== undefined) change.name = body.name;
      if (body.location !== undefined) change.location = body.location;
      if (body.access_point_id !== undefined) change.access_point_id = body.access_point_id;
      if (body.direction !== undefined) change.direction = body.direction;
      if (body.site_id !== undefined) change.site_id = body.site_id;
      if (body.address !== undefined) change.address = body.address;
      if (body.username !== undefined) change.command_username = body.username || null;
      if (body.password !== undefined)
        change.command_password = body.password ? this.credentials.encrypt(body.password) : null;
      if (body.maintenance === true && before.status !== 'maintenance') change.status = 'maintenance';
      if (body.maintenance === false && before.status === 'maintenance') change.status = 'offline';
      const after = await updateDevice(trx, id, change, now);
      // Moving the device, or binding it to a door, puts the door in the device's building.
      if (after?.access_point_id != null && (change.site_id !== undefined || change.access_point_id != null))
        await placeAccessPoint(trx, after.access_point_id, after.site_id);
      if (change.status === 'maintenance') {
        await resolveAlerts(trx, {
          source: 'access',
          kind: 'device_offline',
          device_id: before.device_id,
          at: now,
        });
      }
      if (change.status && after)
        await this.bus.publish(deviceStatusEvent({ ...after, status: after.status }), trx);
      await this.bus.publish(devicesChanged(), trx);
      if (change.site_id !== undefined && change.site_id !== before.site_id)
        await this.bus.publish(siteCountsChanged(), trx);
      const { password: _secret, ...shown } = body;
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'device.updated',
        targetType: 'device',
        targetId: id,
        ip: actor.ip,
        details: {
          ...shown,
          ...(body.password !== undefined ? { password: 'changed' } : {}),
          ...(after && after.site_id !== before.site_id
            ? { site: { old: before.site_id, new: after.site_id } }
            : {}),
        },
      });
    });
    this.onSecretRotated();
    return this.view(id);
  }

  /** A new push secret inside the push URL, shown once; the old one stops working (audited). */
  async rotatePushSecret(actor: Actor, id: number, origin: string): Promise<string> {
    authorize(actor, 'access.manage');
    const secret = newPushSecret();
    await this.db.transaction().execute(async (trx) => {
      const updated = await updateDevice(trx, id, { push_secret_hash: hashSecret(secret) }, this.clock.now());
      if (!updated) throw notFound('Device');
      await this.bus.publish(devicesChanged(), trx);
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'device.push_secret_rotated',
        targetType: 'device',
        targetId: id,
        ip: actor.ip,
      });
    });
    this.onSecretRotated();
    return `${origin}${pushPath(secret)}`;
  }

  async events(actor: Actor, id: number, q: { cursor?: string; limit: number }) {
    authorize(actor, 'access.view');
    if (!(await findDevice(this.db, id))) throw notFound('Device');
    const rows = await listDeviceEvents(this.db, id, decodeCursor(q.cursor), q.limit);
    const { items, next_cursor } = page(rows, q.limit, (r) => ({
      rank: 0,
      at: new Date(r.occurred_at),
      id: Number(r.id),
    }));
    return { events: items.map(toAccessEvent), next_cursor };
  }

  /** Asks the controller (AcsWorkStatus); an unreachable device is an answer, not an error. */
  async doorStatus(actor: Actor, id: number): Promise<DoorStatus> {
    authorize(actor, 'access.view');
    const device = await findDevice(this.db, id);
    if (!device) throw notFound('Device');
    const endpoint = this.endpointOf(device);
    if (typeof endpoint === 'string') return unreachableDoor(endpoint);
    try {
      return toDoorStatus(await workStatus(endpoint));
    } catch (error) {
      if (error instanceof DeviceUnreachable) return unreachableDoor(error.message);
      throw error;
    }
  }

  /**
   * Remote door open: the ISAPI command with digest auth; the device's answer is reported and
   * audited. A device in maintenance, or one Atrium has no address or credentials for, is not
   * asked: 409 says what to change first.
   */
  async openDoor(actor: Actor, id: number, door: number): Promise<OpenDoorResponse['result']> {
    authorize(actor, 'access.manage');
    const device = await findDevice(this.db, id);
    if (!device) throw notFound('Device');
    if (device.status === 'maintenance')
      throw new AppError(
        'conflict',
        `${device.name} is in maintenance: take it out of maintenance to open its door`,
      );
    const endpoint = this.endpointOf(device);
    if (typeof endpoint === 'string') throw new AppError('conflict', endpoint);
    let result: OpenDoorResponse['result'];
    try {
      result = await remoteDoor(endpoint, door, 'open');
    } catch (error) {
      if (!(error instanceof DeviceUnreachable)) throw error;
      result = { ok: false, statusCode: null, statusString: error.message };
    }
    await recordAudit(this.db, {
      actorUserId: actor.userId,
      action: 'device.door_opened',
      targetType: 'device',
      targetId: id,
      ip: actor.ip,
      details: { door, ok: result.ok, statusCode: result.statusCode, statusString: result.statusString },
    });
    return result;
  }

  /**
   * The spec's Simulate Event: the simulated controller with that code pushes a real ISAPI
   * event (for that person, when a person makes it) over HTTP, which comes back through the push
   * endpoint like any other.
   */
  async simulateHikvision(
    actor: Actor,
    body: { deviceId: string; eventType: SimulatedEventType; userId?: number },
  ) {
    authorize(actor, 'access.manage');
    const device = await findDeviceByCode(this.db, body.deviceId);
    if (!device) {
      throw new AppError('validation_failed', `${body.deviceId} is not a known device`, [
        { field: 'deviceId', rule: 'exists', message: 'The device must be a known one' },
      ]);
    }
    const who = PERSON_EVENT_TYPES.includes(body.eventType) ? await this.swiper(body.userId) : undefined;
    const controller = this.simulator?.get(device.device_id);
    if (!controller) {
      throw new AppError(
        'conflict',
        `No simulated controller runs for device ${device.device_id} (SIMULATE_DEVICES=0?)`,
      );
    }
    const inputs: Record<SimulatedEventType, EmitInput> = {
      access_control: {
        major: CODES.grantedCard[0],
        minor: CODES.grantedCard[1],
        ...who,
        readerNo: 1,
        verifyMode: 'card',
      },
      access_granted_face: {
        major: CODES.grantedFace[0],
        minor: CODES.grantedFace[1],
        employeeNo: who?.employeeNo,
        name: who?.name,
        readerNo: 1,
        verifyMode: 'face',
        picture: true,
      },
      access_denied: {
        major: CODES.noPermission[0],
        minor: CODES.noPermission[1],
        ...who,
        readerNo: 1,
        verifyMode: 'card',
      },
      door_forced_open: { major: CODES.doorForced[0], minor: CODES.doorForced[1] },
      door_held_open: { major: CODES.doorHeld[0], minor: CODES.doorHeld[1] },
      tamper: { major: CODES.deviceTamper[0], minor: CODES.deviceTamper[1], withSerial: false },
      remote_open: { major: CODES.remoteOpen[0], minor: CODES.remoteOpen[1] },
    };
    const { serialNo, delivered } = await controller.emit(inputs[body.eventType]);
    return { deviceId: device.device_id, eventType: body.eventType, serialNo, delivered };
  }

  /** The card, employee number and name a person's swipe carries. */
  private async swiper(userId: number | undefined) {
    const person = userId === undefined ? undefined : await findBadgeHolder(this.db, userId);
    if (!person?.active || !person.badge_number) {
      const message = 'The person must be active and have a badge';
      throw new AppError('validation_failed', message, [{ field: 'userId', rule: 'exists', message }]);
    }
    return {
      cardNo: person.badge_number,
      employeeNo: person.employee_number,
      name: `${person.first_name} ${person.last_name}`,
    };
  }

  private endpointOf(device: DeviceRow): DeviceEndpoint | string {
    if (!device.address) return `${device.name} has no address for commands: set it with Configure`;
    if (!device.command_username || !device.command_password)
      return `${device.name} has no username and password for commands: set them with Configure`;
    return {
      address: device.address,
      username: device.command_username,
      password: this.credentials.decrypt(device.command_password),
    };
  }

  private async view(id: number): Promise<Device> {
    const row = await findDeviceView(this.db, id);
    if (!row) throw notFound('Device');
    return toDevice(row);
  }
}
