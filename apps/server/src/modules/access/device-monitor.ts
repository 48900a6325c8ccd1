import type { Kysely } from 'kysely';
import type { EventBus } from '../../core/events/bus';
import type { Database } from '../../db/schema';
import { alertLabel } from '../../devices/hikvision/event-codes';
import { alertLiveEvent, deviceStatusEvent } from './access.presenter';
import { mailDeviceAlerts } from './alert-mails';
import { raiseAlert, resolveAlerts } from './alerts.repository';
import { markSeen, markSilentOffline } from './devices.repository';

const sourceOf = (type: string) => (type === 'counter' ? ('counting' as const) : ('access' as const));

/**
 * Devices were heard from: last_seen moves on, and one that was offline is online again, its
 * offline alert resolved and the change announced, all with `trx` (run it in a transaction).
 */
export async function markDevicesSeen(
  trx: Kysely<Database>,
  bus: EventBus,
  seen: { id: number; at: Date }[],
): Promise<void> {
  const heard = new Map(seen.map((s) => [s.id, s.at]));
  for (const d of await markSeen(trx, seen)) {
    await resolveOfflineAlerts(trx, d.device_id, d.type, heard.get(d.id) ?? d.last_seen_at);
    await bus.publish(deviceStatusEvent({ ...d, status: 'online' }), trx);
  }
}

/** A device that was offline is heard from again: its offline alert is resolved. */
export async function resolveOfflineAlerts(
  trx: Kysely<Database>,
  deviceCode: string,
  type: string,
  at: Date,
) {
  await resolveAlerts(trx, { source: sourceOf(type), kind: 'device_offline', device_id: deviceCode, at });
}

/**
 * Devices that sent nothing, not even a heartbeat, for `offlineAfterSeconds` turn offline with
 * an alert (once per outage), mailed to the administrators who opted in. Devices in maintenance are left alone. Returns how many turned.
 */
export async function sweepOfflineDevices(
  db: Kysely<Database>,
  bus: EventBus,
  now: Date,
  offlineAfterSeconds: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const gone = await markSilentOffline(trx, new Date(now.getTime() - offlineAfterSeconds * 1000));
    for (const d of gone) {
      const alert = await raiseAlert(trx, {
        source: sourceOf(d.type),
        kind: 'device_offline',
        severity: 'high',
        message: `Device ${d.device_id} has sent nothing for ${offlineAfterSeconds} seconds`,
        device_id: d.device_id,
        occurred_at: now,
        once: true,
      });
      await bus.publish(deviceStatusEvent({ ...d, status: 'offline' }), trx);
      if (alert) {
        await bus.publish(alertLiveEvent(alert, alertLabel(alert.kind)), trx);
        await mailDeviceAlerts(trx, [alert]);
      }
    }
    return gone.length;
  });
}

/** Runs the sweep every few seconds until the returned stop is called. */
export function startDeviceMonitor(
  db: Kysely<Database>,
  bus: EventBus,
  now: () => Date,
  offlineAfterSeconds: number,
  onError: (error: unknown) => void,
): () => void {
  const everyMs = Math.max(1000, Math.min(15_000, (offlineAfterSeconds * 1000) / 4));
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepOfflineDevices(db, bus, now(), offlineAfterSeconds)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
