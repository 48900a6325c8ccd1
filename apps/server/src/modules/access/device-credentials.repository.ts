import { type Kysely, sql } from 'kysely';
import { ConfigError } from '../../config';
import type { Database } from '../../db/schema';
import { DeviceCredentials } from '../../devices/hikvision/credentials';

/** Where databases made before the key left them kept it (migration 006). */
const DATABASE_KEY = 'device_credentials_key';

/**
 * Moves a database made before the key left it onto `credentials`: every stored password is
 * decrypted with the old key from server_secrets and encrypted again, and the old key deleted,
 * in one transaction, so a failure leaves the database as it was. Processes starting together
 * queue on the lock; those after the first find no old key and do nothing. Returns how many
 * passwords were encrypted again.
 */
export async function retireDatabaseKey(
  db: Kysely<Database>,
  credentials: DeviceCredentials,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('device_credentials_key'))`.execute(trx);
    const old = await trx
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', DATABASE_KEY)
      .executeTakeFirst();
    if (!old) return 0;
    const oldCredentials = new DeviceCredentials(Buffer.from(old.value, 'hex'));
    const devices = await trx
      .selectFrom('devices')
      .select(['id', 'device_id', 'command_password'])
      .where('command_password', 'is not', null)
      .forUpdate()
      .execute();
    let moved = 0;
    for (const device of devices) {
      const stored = device.command_password!;
      // Stored after the old key went (a test arranging its data first): already the new key's.
      if (!oldCredentials.opens(stored)) {
        if (credentials.opens(stored)) continue;
        throw new ConfigError(
          `Device ${device.device_id}'s password opens with neither the database's old key nor the device credentials key; nothing was changed`,
        );
      }
      await trx
        .updateTable('devices')
        .set({ command_password: credentials.encrypt(oldCredentials.decrypt(stored)) })
        .where('id', '=', device.id)
        .execute();
      moved += 1;
    }
    await trx.deleteFrom('server_secrets').where('name', '=', DATABASE_KEY).execute();
    return moved;
  });
}

/** One stored password, to check the key against; none when no device has one. */
export async function aStoredPassword(
  db: Kysely<Database>,
): Promise<{ device_id: string; command_password: string } | undefined> {
  const row = await db
    .selectFrom('devices')
    .select(['device_id', 'command_password'])
    .where('command_password', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row ? { device_id: row.device_id, command_password: row.command_password! } : undefined;
}
