import type {
  CreateDeviceRequest,
  CreateDeviceResponse,
  DeviceConnectionRequest,
  DeviceIdentity,
} from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import type { OrgClock } from '../../core/clock';
import { AppError, notFound } from '../../core/errors';
import type { EventBus } from '../../core/events/bus';
import { authorize } from '../../core/policies';
import type { Database } from '../../db/schema';
import type { DeviceCredentials } from '../../devices/hikvision/credentials';
import { DeviceNotIdentified, identifyDevice } from '../../devices/hikvision/device-info';
import { devicesChanged, toDevice } from './access.presenter';
import { resolveAlerts } from './alerts.repository';
import {
  accessPointExists,
  findDeviceView,
  findRegistered,
  insertDevice,
  markRemoved,
} from './devices.repository';
import { newPushSecret, pushPath } from './devices.service';
import { hashSecret } from './push.service';

/** Which field an administrator fixes for each way a device can fail to say what it is. */
const FAILURE_FIELD = {
  unreachable: 'address',
  timeout: 'address',
  not_isapi: 'address',
  credentials: 'password',
};

/**
 * Devices an administrator brings: Atrium asks the device what it is (deviceInfo, digest auth)
 * before anything is stored, registers it under its serial number, and removes it keeping its
 * history. Every change is audited; credentials are stored encrypted and never returned.
 */
export class DeviceRegistrationService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: EventBus,
    private readonly clock: OrgClock,
    private readonly credentials: DeviceCredentials,
    private readonly onDevicesChanged: () => void,
  ) {}

  /** "Test connection": what the device says it is, or a 422 saying what to fix. */
  async testConnection(actor: Actor, body: DeviceConnectionRequest): Promise<DeviceIdentity> {
    authorize(actor, 'access.manage');
    return this.identify(body);
  }

  async add(actor: Actor, body: CreateDeviceRequest, origin: string): Promise<CreateDeviceResponse> {
    authorize(actor, 'access.manage');
    const accessPointId = body.type === 'access_controller' ? (body.access_point_id ?? null) : null;
    if (accessPointId !== null && !(await accessPointExists(this.db, accessPointId))) {
      const message = 'The access point must be an existing one';
      throw new AppError('validation_failed', message, [
        { field: 'access_point_id', rule: 'exists', message },
      ]);
    }
    const identity = await this.identify(body);
    const code = body.device_id ?? identity.serialNumber.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 64);
    const secret = newPushSecret();
    const now = this.clock.now();
    const id = await this.db.transaction().execute(async (trx) => {
      const taken = await findRegistered(trx, identity.serialNumber, code);
      if (taken) throw alreadyRegistered(taken, identity.serialNumber, code);
      const row = await insertDevice(
        trx,
        {
          device_id: code,
          type: body.type,
          name: body.name,
          model: identity.model,
          location: body.location ?? '',
          access_point_id: accessPointId,
          direction: body.type === 'access_controller' ? (body.direction ?? 'both') : 'both',
          address: body.address,
          status: 'offline',
          push_secret_hash: hashSecret(secret),
          command_username: body.username,
          command_password: this.credentials.encrypt(body.password),
          serial_number: identity.serialNumber,
          firmware_version: identity.firmwareVersion,
          mac_address: identity.macAddress,
        },
        now,
      );
      // Another administrator added it a moment ago (the unique keys decided).
      if (!row) throw alreadyRegistered({ device_id: code, name: code }, identity.serialNumber, code);
      await this.bus.publish(devicesChanged(), trx);
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'device.added',
        targetType: 'device',
        targetId: row.id,
        ip: actor.ip,
        details: { device_id: code, type: body.type, name: body.name, address: body.address, ...identity },
      });
      return row.id;
    });
    this.onDevicesChanged();
    const view = await findDeviceView(this.db, id);
    return { device: toDevice(view!), identity, pushUrl: `${origin}${pushPath(secret)}` };
  }

  /** Out of service: history kept, pushes refused, no longer listed, watched or alerted on. */
  async remove(actor: Actor, id: number): Promise<void> {
    authorize(actor, 'access.manage');
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      const removed = await markRemoved(trx, id, now);
      if (!removed) throw notFound('Device');
      await resolveAlerts(trx, {
        source: 'access',
        kind: 'device_offline',
        device_id: removed.device_id,
        at: now,
      });
      await this.bus.publish(devicesChanged(), trx);
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'device.removed',
        targetType: 'device',
        targetId: id,
        ip: actor.ip,
        details: { device_id: removed.device_id, name: removed.name },
      });
    });
    this.onDevicesChanged();
  }

  private async identify(body: DeviceConnectionRequest): Promise<DeviceIdentity> {
    try {
      return await identifyDevice({
        address: body.address,
        username: body.username,
        password: body.password,
      });
    } catch (error) {
      if (!(error instanceof DeviceNotIdentified)) throw error;
      const field = FAILURE_FIELD[error.reason];
      throw new AppError('unprocessable', error.message, [
        { field, rule: error.reason, message: error.message },
      ]);
    }
  }
}

function alreadyRegistered(
  taken: { device_id: string; name: string; serial_number?: string | null },
  serial: string,
  code: string,
) {
  const sameCode = taken.serial_number !== serial && taken.device_id === code;
  const message = sameCode
    ? `A device with the code ${code} is already registered (${taken.name})`
    : `The device with serial number ${serial} is already registered as ${taken.device_id} (${taken.name})`;
  return new AppError('conflict', message, [
    { field: sameCode ? 'device_id' : 'address', rule: 'unique', message },
  ]);
}
