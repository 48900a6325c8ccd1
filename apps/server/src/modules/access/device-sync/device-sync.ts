import type { Kysely } from 'kysely';
import type { OrgClock } from '../../../core/clock';
import type { EventBus } from '../../../core/events/bus';
import type { Database } from '../../../db/schema';
import { type DeviceEndpoint, DeviceUnreachable } from '../../../devices/hikvision/client';
import type { DeviceCredentials } from '../../../devices/hikvision/credentials';
import {
  DeviceRefused,
  deleteCards,
  deletePeople,
  listPeople,
  setUpPerson,
  setWeekPlan,
} from '../../../devices/hikvision/people';
import { syncManaged } from '../access.presenter';
import type { DeviceRow } from '../devices.repository';
import { planSync, type SyncPlan } from './plan';
import {
  controllersDue,
  desiredPeople,
  forgetMirror,
  type MirrorRow,
  mirrorOf,
  plansOf,
  saveDeleted,
  savePlan,
  saveWritten,
  setProgress,
  takeLease,
} from './sync.repository';

export interface DeviceSyncOptions {
  /** Requests in flight to one device (a controller serves a few at once). */
  concurrency?: number;
  /** How often every controller is compared, for changes no event announced (an import, a new day). */
  sweepMs?: number;
  /** How long a process holds a device while writing; renewed as it goes. */
  leaseMs?: number;
}

/** Events after which the controllers may need other people or rights. */
const ANNOUNCING = new Set(['access_changed', 'users_changed', 'devices_changed']);
const DELETE_BATCH = 50;
const FLUSH_EVERY = 50;
const MAX_BACKOFF_MS = 5 * 60_000;

/**
 * Keeps every controller's people, cards and time plans in step with access levels and grants,
 * as HikCentral does: what should be there is compared with what Atrium last wrote, and only the
 * difference is sent. It runs beside requests, never inside one: a change announces itself on the
 * event log and the next round picks it up. An unreachable device keeps its changes waiting and
 * is tried again with a backoff (5 s doubling to 5 min); a person the device refuses is left out
 * and named on the device page, and the others still go.
 */
export class DeviceSync {
  private round: Promise<void> | undefined;
  private again = false;
  private debounce: NodeJS.Timeout | undefined;
  private readonly concurrency: number;
  private readonly leaseMs: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: OrgClock,
    private readonly credentials: DeviceCredentials,
    private readonly onError: (error: unknown) => void,
    private readonly options: DeviceSyncOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 4;
    this.leaseMs = options.leaseMs ?? 60_000;
  }

  /** Follows the log and sweeps on a timer; returns the stop. */
  start(bus: EventBus): () => Promise<void> {
    const unsubscribe = bus.subscribe((event) => {
      if (ANNOUNCING.has(event.kind)) this.poke();
      // A device heard from again need not wait out its backoff: its changes go now.
      if (event.kind === 'live' && event.type === 'device_status' && event.data.status === 'online')
        void setProgress(this.db, event.data.id, { sync_retry_at: null }).then(
          () => this.poke(),
          this.onError,
        );
    });
    const sweep = setInterval(() => this.poke(), this.options.sweepMs ?? 30_000);
    sweep.unref();
    this.poke();
    return async () => {
      unsubscribe();
      clearInterval(sweep);
      clearTimeout(this.debounce);
      await this.round;
    };
  }

  /** Asks for a round soon; changes that arrive together share one. */
  poke(): void {
    if (this.debounce) return;
    this.debounce = setTimeout(() => {
      this.debounce = undefined;
      void this.run();
    }, 50);
    this.debounce.unref();
  }

  /** One round over every controller due, now; resolves when it (and any asked meanwhile) is done. */
  async run(): Promise<void> {
    if (this.round) {
      this.again = true;
      return this.round;
    }
    this.round = (async () => {
      do {
        this.again = false;
        try {
          const due = await controllersDue(this.db, this.clock.now());
          await Promise.all(due.map((d) => this.syncDevice(d.id)));
        } catch (error) {
          this.onError(error);
        }
      } while (this.again);
    })().finally(() => {
      this.round = undefined;
    });
    return this.round;
  }

  private async syncDevice(id: number): Promise<void> {
    const device = await takeLease(this.db, id, this.clock.now(), this.leaseMs);
    if (!device) return;
    if (!syncManaged(device)) {
      await setProgress(this.db, id, { sync_lease_until: null });
      return;
    }
    let plan: SyncPlan | undefined;
    let done = 0;
    try {
      const endpoint = this.endpointOf(device);
      let onDevice: string[] = [];
      if (device.resync_requested) {
        onDevice = await listPeople(endpoint);
        await forgetMirror(this.db, id);
      }
      const today = (await this.clock.today()).date;
      const desired =
        device.access_point_id === null ? [] : await desiredPeople(this.db, device.access_point_id, today);
      const [mirror, plans] = await Promise.all([mirrorOf(this.db, id), plansOf(this.db, id)]);
      plan = planSync(desired, mirror, plans, onDevice);
      const total = plan.plans.length + plan.deletes.length + plan.upserts.length;
      await setProgress(this.db, id, { sync_total: total, sync_pending: total });
      const refused = await this.write(device.id, endpoint, plan, (n) => {
        done = n;
      });
      const left = total - done;
      await setProgress(this.db, id, {
        sync_pending: left,
        synced_at: refused.length === 0 ? this.clock.now() : device.synced_at,
        sync_error:
          refused.length === 0 ? null : `The device refused ${refused.length} of the changes: ${refused[0]}`,
        sync_failures: 0,
        sync_retry_at: null,
        sync_lease_until: null,
        resync_requested: false,
      });
    } catch (error) {
      const failures = device.sync_failures + 1;
      const waitMs = Math.min(MAX_BACKOFF_MS, 5000 * 2 ** Math.min(failures - 1, 10));
      const total = plan
        ? plan.plans.length + plan.deletes.length + plan.upserts.length
        : device.sync_pending;
      await setProgress(this.db, id, {
        sync_pending: Math.max(total - done, 0),
        sync_error: messageOf(error),
        sync_failures: failures,
        sync_retry_at: new Date(this.clock.now().getTime() + waitMs),
        sync_lease_until: null,
      });
      if (!(error instanceof DeviceUnreachable || error instanceof DeviceRefused)) this.onError(error);
    }
  }

  /** Writes the plan; returns what the device refused person by person. Throws when it cannot be reached. */
  private async write(
    deviceId: number,
    endpoint: DeviceEndpoint,
    plan: SyncPlan,
    progress: (done: number) => void,
  ): Promise<string[]> {
    let done = 0;
    const total = plan.plans.length + plan.deletes.length + plan.upserts.length;
    const report = async () => {
      progress(done);
      await setProgress(this.db, deviceId, {
        sync_pending: total - done,
        sync_lease_until: new Date(this.clock.now().getTime() + this.leaseMs),
      });
    };
    for (const p of plan.plans) {
      await setWeekPlan(endpoint, p);
      await savePlan(this.db, deviceId, p.planNo, p.schedule);
      done += 1;
    }
    for (let i = 0; i < plan.deletes.length; i += DELETE_BATCH) {
      const batch = plan.deletes.slice(i, i + DELETE_BATCH);
      await deletePeople(endpoint, batch);
      await saveDeleted(this.db, deviceId, batch);
      done += batch.length;
      await report();
    }
    const refused: string[] = [];
    let written: MirrorRow[] = [];
    let nextIndex = 0;
    let failed = false;
    const worker = async () => {
      while (!failed && nextIndex < plan.upserts.length) {
        const u = plan.upserts[nextIndex++]!;
        try {
          if (u.oldCard && u.oldCard !== u.person.cardNo) await deleteCards(endpoint, [u.oldCard]);
          await setUpPerson(endpoint, u.person);
          written.push({
            employee_no: u.person.employeeNo,
            fingerprint: u.fingerprint,
            card_no: u.person.cardNo,
          });
        } catch (error) {
          if (!(error instanceof DeviceRefused) || error.status === 401) {
            failed = true;
            throw error;
          }
          refused.push(`${u.person.employeeNo}: ${error.message}`);
        }
        done += 1;
        if (written.length >= FLUSH_EVERY) {
          const batch = written;
          written = [];
          await saveWritten(this.db, deviceId, batch);
          await report();
        }
      }
    };
    const settled = await Promise.allSettled(Array.from({ length: this.concurrency }, worker));
    // What the device accepted before a failure is kept: the next round does not send it again.
    await saveWritten(this.db, deviceId, written);
    progress(done - refused.length);
    const failure = settled.find((s) => s.status === 'rejected');
    if (failure) throw failure.reason;
    return refused;
  }

  private endpointOf(device: DeviceRow): DeviceEndpoint {
    return {
      address: device.address!,
      username: device.command_username!,
      password: this.credentials.decrypt(device.command_password!),
    };
  }
}

function messageOf(error: unknown): string {
  if (error instanceof DeviceUnreachable) return error.message;
  if (error instanceof DeviceRefused)
    return error.status === 401
      ? 'The device refused the credentials: edit the device and enter them again'
      : error.message;
  return 'The device could not be written to: see the server log';
}
