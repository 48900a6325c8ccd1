import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** The tables a request names rows of by id, whose existence a service checks before writing. */
type Referenced = 'users' | 'departments' | 'access_points' | 'access_levels' | 'sites';

/** Whether a row with this id exists: a service's 404/400 for a named but missing record. */
export async function rowExists(db: Kysely<Database>, table: Referenced, id: number): Promise<boolean> {
  // biome-ignore lint/suspicious/noExplicitAny: every referenced table has an integer `id`; Kysely cannot see that through a union of table names.
  const row = await (db as Kysely<any>)
    .selectFrom(table)
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}
