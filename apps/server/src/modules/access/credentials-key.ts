import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Config, parseKey } from '../../config';

/** The key's file in DATA_DIR when DEVICE_CREDENTIALS_KEY is unset. */
export const KEY_FILE = 'device-credentials.key';

/** DEVICE_CREDENTIALS_KEY, else the key in DATA_DIR (made on first start). */
export async function deviceCredentialsKey(
  config: Pick<Config, 'deviceCredentialsKey' | 'dataDir'>,
): Promise<Buffer> {
  return config.deviceCredentialsKey ?? readOrCreateKeyFile(path.join(config.dataDir, KEY_FILE));
}

/**
 * The key in `file`, made (32 random bytes, hex, readable by this user only) when missing. Two
 * processes starting on one DATA_DIR at once must end with one key: each writes a draft of its
 * own and links it in place, which fails for all but the first, and all read the one that won.
 */
export async function readOrCreateKeyFile(file: string): Promise<Buffer> {
  const existing = await readKeyFile(file);
  if (existing) return existing;
  await mkdir(path.dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
  await writeFile(draft, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(draft, { force: true });
  }
  const key = await readKeyFile(file);
  if (!key) throw new Error(`${file} vanished while it was being made`);
  return key;
}

async function readKeyFile(file: string): Promise<Buffer | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return parseKey(text, file);
}
