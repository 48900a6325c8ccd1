import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Settings keys this module owns (the time zone's key belongs to the clock). */
export const ORGANISATION_NAME_KEY = 'organisation_name';
export const LEAVE_ESCALATION_DAYS_KEY = 'leave_escalation_days';
export const LEAVE_CLASH_PERCENT_KEY = 'leave_clash_percent';

const DEFAULT_NAME = 'Atrium';
/** Three working days: a request made on Monday reaches the next manager up on Thursday. */
const DEFAULT_LEAVE_ESCALATION_DAYS = 3;
/** A fifth of a team away on one day is when planning usually starts to hurt. */
const DEFAULT_LEAVE_CLASH_PERCENT = 20;

export async function readOrganisationName(db: Kysely<Database>): Promise<string> {
  const value = await readSetting(db, ORGANISATION_NAME_KEY);
  return typeof value === 'string' && value.length > 0 ? value : DEFAULT_NAME;
}

/** The organisation's default work week: its first site's, which new departments there start with. */
export async function readWorkWeek(db: Kysely<Database>): Promise<number[]> {
  const row = await db
    .selectFrom('sites')
    .select('work_week')
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.work_week;
}

export async function writeWorkWeek(db: Kysely<Database>, workWeek: number[], at: Date): Promise<void> {
  await db
    .updateTable('sites')
    .set({ work_week: workWeek, updated_at: at })
    .where('id', '=', (eb) => eb.selectFrom('sites').select((e) => e.fn.min('id').as('id')))
    .execute();
}

export async function readLeaveEscalationDays(db: Kysely<Database>): Promise<number> {
  const value = await readSetting(db, LEAVE_ESCALATION_DAYS_KEY);
  return Number.isInteger(value) ? (value as number) : DEFAULT_LEAVE_ESCALATION_DAYS;
}

export async function readLeaveClashPercent(db: Kysely<Database>): Promise<number> {
  const value = await readSetting(db, LEAVE_CLASH_PERCENT_KEY);
  return Number.isInteger(value) ? (value as number) : DEFAULT_LEAVE_CLASH_PERCENT;
}

async function readSetting(db: Kysely<Database>, key: string): Promise<unknown> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function writeSetting(
  db: Kysely<Database>,
  key: string,
  value: unknown,
  at: Date,
): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value: json, updated_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: at }))
    .execute();
}
