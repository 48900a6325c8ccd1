import type {
  CreateDeviceRequest,
  CreateDeviceResponse,
  Device,
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
import { siteCountsChanged } from '../../core/site-events';
import { requireSite, rowExists } from '../../db/row-exists';
import type { Database } from '../../db/schema';
import type { DeviceEndpoint } from '../../devices/hikvision/client';
import type { DeviceCredentials } from '../../devices/hikvision/credentials';
import { DeviceNotIdentified, identifyDevice } from '../../devices/hikvision/device-info';
import { setEventTarget } from '../../devices/hikvision/http-hosts';
import { devicesChanged, toDevice } from './access.presenter';
import { resolveAlerts } from './alerts.repository';
import {
  accessPointSiteId,
  findDevice,
  findDeviceView,
  findRegistered,
  insertDevice,
  markRemoved,
  placeAccessPoint,
  updateDevice,
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
    /** How devices reach Atrium (PUBLIC_URL); unset, the origin of the administrator's request. */
    private readonly publicUrl: string | undefined,
  ) {}

  /** "Test connection": what the device says it is, or a 422 saying what to fix. */
  async testConnection(actor: Actor, body: DeviceConnectionRequest): Promise<DeviceIdentity> {
    authorize(actor, 'access.manage');
    return this.identify(body);
  }

  /**
   * Registers the device, then sets its event target to its new push URL and reads it back; a
   * device that refuses that is still added, with the reason on it (and the URL to set by hand).
   */
  async add(actor: Actor, body: CreateDeviceRequest, origin: string): Promise<CreateDeviceResponse> {
    authorize(actor, 'access.manage');
    const accessPointId = body.type === 'access_controller' ? (body.access_point_id ?? null) : null;
    if (accessPointId !== null && !(await rowExists(this.db, 'access_points', accessPointId))) {
      const message = 'The access point must be an existing one';
      throw new AppError('validation_failed', message, [
        { field: 'access_point_id', rule: 'exists', message },
      ]);
    }
    if (body.site_id !== undefined) await requireSite(this.db, body.site_id, 'site_id');
    const identity = await this.identify(body);
    const code = body.device_id ?? identity.serialNumber.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 64);
    const secret = newPushSecret();
    const now = this.clock.now();
    const id = await this.db.transaction().execute(async (trx) => {
      const taken = await findRegistered(trx, identity.serialNumber, code);
      if (taken) throw alreadyRegistered(taken, identity.serialNumber, code);
      // Without a site of its own the device is where its door is (or at the first site).
      const siteId =
        body.site_id ?? (accessPointId === null ? undefined : await accessPointSiteId(trx, accessPointId));
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
          ...(siteId === undefined ? {} : { site_id: siteId }),
        },
        now,
      );
      // Another administrator added it a moment ago (the unique keys decided).
      if (!row) throw alreadyRegistered({ device_id: code, name: code }, identity.serialNumber, code);
      if (accessPointId !== null) await placeAccessPoint(trx, accessPointId, row.site_id);
      await this.bus.publish(devicesChanged(), trx);
      await this.bus.publish(siteCountsChanged(), trx);
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'device.added',
        targetType: 'device',
        targetId: row.id,
        ip: actor.ip,
        details: {
          device_id: code,
          type: body.type,
          name: body.name,
          address: body.address,
          site_id: row.site_id,
          ...identity,
        },
      });
      return row.id;
    });
    this.onDevicesChanged();
    const pushUrl = `${this.publicUrl ?? origin}${pushPath(secret)}`;
    await this.configureEvents(actor, id, body, pushUrl);
    const view = await findDeviceView(this.db, id);
    return { device: toDevice(view!), identity, pushUrl };
  }

  /** "Set event target": a new push secret, set on the device and read back (audited). */
  async setEventTarget(actor: Actor, id: number, origin: string): Promise<Device> {
    authorize(actor, 'access.manage');
    const device = await findDevice(this.db, id);
    if (!device) throw notFound('Device');
    if (!device.address || !device.command_username || !device.command_password)
      throw new AppError(
        'conflict',
        `${device.name} has no address and credentials: set them with Configure first`,
      );
    const secret = newPushSecret();
    await this.db.transaction().execute(async (trx) => {
      await updateDevice(trx, id, { push_secret_hash: hashSecret(secret) }, this.clock.now());
      await this.bus.publish(devicesChanged(), trx);
    });
    this.onDevicesChanged();
    const endpoint = {
      address: device.address,
      username: device.command_username,
      password: this.credentials.decrypt(device.command_password),
    };
    await this.configureEvents(actor, id, endpoint, `${this.publicUrl ?? origin}${pushPath(secret)}`);
    const view = await findDeviceView(this.db, id);
    return toDevice(view!);
  }

  /** Sets the device's event target, keeps how that went on the device, and audits it. */
  private async configureEvents(actor: Actor, id: number, endpoint: DeviceEndpoint, pushUrl: string) {
    const outcome = await setEventTarget(endpoint, pushUrl);
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      await updateDevice(
        trx,
        id,
        outcome.ok
          ? { push_configured_at: now, push_error: null }
          : { push_error: outcome.error.slice(0, 300) },
        now,
      );
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'device.event_target_set',
        targetType: 'device',
        targetId: id,
        ip: actor.ip,
        details: outcome.ok
          ? { ok: true, origin: new URL(pushUrl).origin }
          : { ok: false, error: outcome.error },
      });
    });
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
      await this.bus.publish(siteCountsChanged(), trx);
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
