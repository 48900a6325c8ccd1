import type { Kysely } from 'kysely';
import { type QueuedMail, queueMails } from '../../core/outbox.repository';
import type { Database } from '../../db/schema';
import { type AlertRow, optedInAdmins } from './alerts.repository';

/*
 * Device alerts by mail, to the administrators who opted in (Profile, `mail_device_alerts`; off
 * by default). Queued in the transaction that raises the alert, so an alert that rolls back
 * mails nobody and a committed one cannot lose its mail. Only the two alerts someone must act on
 * at once are mailed: a device gone silent and a door forced open; the rest stay in Alerts.
 */

/** The alert kinds that are mailed, and the outbox kind each is mailed as. */
const MAILED = { device_offline: 'device_offline', door_forced_open: 'door_forced_open' } as const;
type MailedKind = keyof typeof MAILED;

const isMailed = (alert: AlertRow): alert is AlertRow & { kind: MailedKind } =>
  Object.hasOwn(MAILED, alert.kind);

/**
 * Mails the alerts among `alerts` that are mailed, each to every opted-in administrator, in one
 * INSERT. Costs nothing when none is (the ingest's usual batch): the recipients are read only
 * for a batch that raised one.
 */
export async function mailDeviceAlerts(trx: Kysely<Database>, alerts: AlertRow[]): Promise<void> {
  const mailed = alerts.filter(isMailed);
  if (mailed.length === 0) return;
  const admins = await optedInAdmins(trx);
  const mails: QueuedMail[] = mailed.flatMap((alert) =>
    admins.map((admin) => ({
      kind: MAILED[alert.kind],
      to: admin.email,
      userId: admin.id,
      subject:
        alert.kind === 'door_forced_open' ? 'Door forced open' : `Device ${alert.device_id ?? ''} is offline`,
      greeting: `Hello ${admin.first_name},`,
      paragraphs: [
        `${alert.message} (${alert.occurred_at.toISOString().replace('T', ' ').slice(0, 16)} UTC).`,
        'It is listed among the active alerts under Access in Atrium, where it can be acknowledged.',
      ],
      note: 'You get these because you chose device alerts in your Profile; turn them off there.',
    })),
  );
  await queueMails(trx, mails);
}
