import { sql } from 'kysely';
import type { Db } from '../../db/connection';

/** Whether the database answers a trivial query (a lost connection or a stopped server does not). */
export async function databaseAnswers(db: Db): Promise<boolean> {
  return sql`SELECT 1`.execute(db).then(
    () => true,
    () => false,
  );
}
