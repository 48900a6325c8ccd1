import type { Kysely } from 'kysely';
import { AppError } from '../core/errors';
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

const SITE_MISSING = 'The site must be an existing one';

/**
 * A site named by a request or a filter must exist: a 400 naming the field (`siteId` in camelCase
 * bodies and queries, `site_id` in snake_case ones), never an empty answer that looks true.
 */
export async function requireSite(db: Kysely<Database>, siteId: number, field = 'siteId'): Promise<void> {
  if (!(await rowExists(db, 'sites', siteId)))
    throw new AppError('validation_failed', `${field}: ${SITE_MISSING}`, [
      { field, rule: 'exists', message: SITE_MISSING },
    ]);
}
