import type { Kysely } from 'kysely';
import { readServerSecret } from '../../core/settings.repository';
import type { Database } from '../../db/schema';
import { DeviceCredentials } from '../../devices/hikvision/credentials';

/** The devices' credential cipher with the key kept in server_secrets (migration-made). */
export async function loadDeviceCredentials(db: Kysely<Database>): Promise<DeviceCredentials> {
  const key = await readServerSecret(db, 'device_credentials_key');
  if (!key) throw new Error('The database has no device credentials key: were the migrations applied?');
  return new DeviceCredentials(Buffer.from(key, 'hex'));
}
