import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Writes of attendance made by door badges (the access module calls these inside the
 * transaction that stores the door event). Records an administrator wrote (corrections, bulk
 * marking) are never touched: the WHERE clauses leave them out.
 */

/** The records of these people's days, locked, in key order so concurrent batches lock alike. */
export async function findRecordsForUpdate(db: Kysely<Database>, days: { userId: number; date: string }[]) {
  if (days.length === 0) return [];
  return db
    .selectFrom('attendance_records')
    .selectAll()
    .where(
      sql<boolean>`(user_id, date) IN (SELECT * FROM unnest(${days.map((d) => d.userId)}::int[], ${days.map((d) => d.date)}::date[]))`,
    )
    .orderBy('user_id')
    .orderBy('date')
    .forUpdate()
    .execute();
}

export interface BadgeChange {
  check_in_time?: Date;
  late?: boolean;
  check_out_time?: Date | null;
  early_exit?: boolean;
}

/** Applies a badge's change to a person's day, unless an administrator wrote the record. */
export async function updateRecordFromBadge(db: Kysely<Database>, id: number, change: BadgeChange, at: Date) {
  return db
    .updateTable('attendance_records')
    .set({
      ...change,
      ...(change.check_in_time ? { source: 'badge' as const } : {}),
      updated_at: at,
    })
    .where('id', '=', id)
    .where('source', 'not in', ['correction', 'bulk'])
    .returningAll()
    .executeTakeFirst();
}
