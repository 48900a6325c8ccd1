import type { Kysely } from 'kysely';
import { ConfigError } from '../../config';
import type { Database } from '../../db/schema';
import { DeviceCredentials } from '../../devices/hikvision/credentials';
import { KEY_FILE } from './credentials-key';
import { aStoredPassword, retireDatabaseKey } from './device-credentials.repository';

/**
 * The devices' credential cipher with `key`, once any old key the database held is retired. A
 * key other than the one the stored passwords were made with (a DATA_DIR restored without its
 * key file, servers each with a key of their own) stops the start here rather than failing at
 * every door later.
 */
export async function loadDeviceCredentials(db: Kysely<Database>, key: Buffer): Promise<DeviceCredentials> {
  const credentials = new DeviceCredentials(key);
  await retireDatabaseKey(db, credentials);
  const sample = await aStoredPassword(db);
  if (sample && !credentials.opens(sample.command_password)) {
    throw new ConfigError(
      `Device ${sample.device_id}'s stored password does not open with the device credentials key (DEVICE_CREDENTIALS_KEY, else DATA_DIR/${KEY_FILE}). ` +
        'Give Atrium the key the passwords were stored with (restore the key file from the backup of DATA_DIR), or clear them (UPDATE devices SET command_password = NULL) and enter them again.',
    );
  }
  return credentials;
}
