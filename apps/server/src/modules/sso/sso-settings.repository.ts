import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

const KEY = 'sso';

export async function readSsoSettings(db: Kysely<Database>): Promise<unknown> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  return row?.value ?? undefined;
}

export async function writeSsoSettings(db: Kysely<Database>, value: object): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key: KEY, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: new Date() }))
    .execute();
}
