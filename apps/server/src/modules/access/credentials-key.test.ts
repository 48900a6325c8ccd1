import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/context';
import { makeDevice } from '../../../test/factories';
import { ConfigError } from '../../config';
import type { Db } from '../../db/connection';
import { DeviceCredentials } from '../../devices/hikvision/credentials';
import { deviceCredentialsKey, KEY_FILE, readOrCreateKeyFile } from './credentials-key';
import { loadDeviceCredentials } from './device-credentials';
import { retireDatabaseKey } from './device-credentials.repository';

describe('the device credentials key file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'atrium-credentials-key-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is made in DATA_DIR on first start, readable by its owner only, and read again after', async () => {
    const dataDir = path.join(dir, 'first', 'data');
    const key = await deviceCredentialsKey({ dataDir, deviceCredentialsKey: undefined });
    expect(key).toHaveLength(32);
    const file = path.join(dataDir, KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(key.toString('hex'));
    expect(await deviceCredentialsKey({ dataDir, deviceCredentialsKey: undefined })).toEqual(key);
    // Only the key: the drafts of its making are gone.
    expect(await readdir(dataDir)).toEqual([KEY_FILE]);
  });

  it('is not made or read when DEVICE_CREDENTIALS_KEY gives the key', async () => {
    const dataDir = path.join(dir, 'configured');
    const configured = randomBytes(32);
    expect(await deviceCredentialsKey({ dataDir, deviceCredentialsKey: configured })).toBe(configured);
    await expect(stat(dataDir)).rejects.toThrow(/ENOENT/);
  });

  it('comes out the same for processes that start on one DATA_DIR at once', async () => {
    const file = path.join(dir, 'racing', KEY_FILE);
    const keys = await Promise.all(Array.from({ length: 8 }, () => readOrCreateKeyFile(file)));
    for (const key of keys) expect(key).toEqual(keys[0]);
    expect(await readdir(path.dirname(file))).toEqual([KEY_FILE]);
  });

  it('may be written in base64, and stops the start naming the file when it holds no key', async () => {
    const file = path.join(dir, 'written', KEY_FILE);
    const key = randomBytes(32);
    await mkdir(path.dirname(file));
    await writeFile(file, `${key.toString('base64')}\n`, { mode: 0o600 });
    expect(await readOrCreateKeyFile(file)).toEqual(key);
    await writeFile(file, 'not a key\n');
    const error = await readOrCreateKeyFile(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect(String(error)).toContain(`${file} must be 32 bytes`);
  });
});

describe('retiring the key a database kept in server_secrets', () => {
  let database: TestDatabase;
  let db: Db;
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  const old = new DeviceCredentials(oldKey);
  const credentials = new DeviceCredentials(newKey);

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** A database as one made before the key left it: the old key stored, passwords made with it. */
  async function before(passwords: string[]): Promise<number[]> {
    await db
      .insertInto('server_secrets')
      .values({ name: 'device_credentials_key', value: oldKey.toString('hex') })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: oldKey.toString('hex') }))
      .execute();
    await db.updateTable('devices').set({ command_password: null }).execute();
    const ids: number[] = [];
    for (const password of passwords) {
      const { id } = await makeDevice(db);
      await db
        .updateTable('devices')
        .set({ command_password: old.encrypt(password) })
        .where('id', '=', id)
        .execute();
      ids.push(id);
    }
    return ids;
  }

  const stored = async (id: number) =>
    (await db.selectFrom('devices').select('command_password').where('id', '=', id).executeTakeFirstOrThrow())
      .command_password!;
  const oldKeyRow = () =>
    db.selectFrom('server_secrets').select('value').where('name', '=', 'device_credentials_key').execute();

  it('encrypts every password again with the new key and deletes the old one, once', async () => {
    const ids = await before(['Door#2026', 'Gate#2026', 'ünïcode 🔑']);
    expect(await retireDatabaseKey(db, credentials)).toBe(3);
    expect(await oldKeyRow()).toEqual([]);
    const now = await Promise.all(ids.map(stored));
    expect(now.map((p) => credentials.decrypt(p))).toEqual(['Door#2026', 'Gate#2026', 'ünïcode 🔑']);
    expect(now.some((p) => old.opens(p))).toBe(false);
    // Again (the next start): nothing left to do, nothing changed.
    expect(await retireDatabaseKey(db, credentials)).toBe(0);
    expect(await Promise.all(ids.map(stored))).toEqual(now);
  });

  it('moves each password once when two processes start at once', async () => {
    const ids = await before(['one', 'two']);
    const other = database.connect(2);
    try {
      const moved = await Promise.all([
        retireDatabaseKey(db, credentials),
        retireDatabaseKey(other, credentials),
      ]);
      expect(moved.sort()).toEqual([0, 2]);
    } finally {
      await other.destroy();
    }
    expect((await Promise.all(ids.map(stored))).map((p) => credentials.decrypt(p))).toEqual(['one', 'two']);
    expect(await oldKeyRow()).toEqual([]);
  });

  it('keeps a password already made with the new key, and changes nothing for one neither key opens', async () => {
    const [moved] = await before(['old one']);
    const { id: current } = await makeDevice(db);
    await db
      .updateTable('devices')
      .set({ command_password: credentials.encrypt('new one') })
      .where('id', '=', current)
      .execute();
    expect(await retireDatabaseKey(db, credentials)).toBe(1);
    expect(credentials.decrypt(await stored(moved!))).toBe('old one');
    expect(credentials.decrypt(await stored(current))).toBe('new one');

    const [kept] = await before(['kept']);
    const { id: lost, code } = await makeDevice(db);
    const stranger = new DeviceCredentials(randomBytes(32)).encrypt('lost');
    await db.updateTable('devices').set({ command_password: stranger }).where('id', '=', lost).execute();
    await expect(retireDatabaseKey(db, credentials)).rejects.toThrow(
      `Device ${code}'s password opens with neither`,
    );
    expect(old.decrypt(await stored(kept!))).toBe('kept');
    expect(await oldKeyRow()).toHaveLength(1);
    await db.updateTable('devices').set({ command_password: null }).where('id', '=', lost).execute();
  });

  it('is done on load, and a key other than the passwords were made with stops the start', async () => {
    const [id] = await before(['Door#2026']);
    const loaded = await loadDeviceCredentials(db, newKey);
    expect(loaded.decrypt(await stored(id!))).toBe('Door#2026');
    expect(await oldKeyRow()).toEqual([]);
    const wrong = await loadDeviceCredentials(db, randomBytes(32)).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(ConfigError);
    expect(String(wrong)).toMatch(/stored password does not open with the device credentials key/);
  });
});
