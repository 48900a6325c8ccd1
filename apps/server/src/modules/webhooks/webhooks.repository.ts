import type { WebhookDeliveryStatus } from '@atrium/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/*
 * The webhooks' SQL: subscriptions, their deliveries and the fan-out's cursor. Times of the queue
 * are the database's now(): every process agrees on it, whatever clock a process runs.
 */

type Db = Kysely<Database>;

export interface SubscriptionRow {
  id: number;
  url: string;
  description: string | null;
  event_types: string[];
  secret: string;
  enabled: boolean;
  disabled_reason: string | null;
  failing_since: Date | null;
  created_at: Date;
  updated_at: Date;
  last_status: WebhookDeliveryStatus | null;
  last_status_code: number | null;
  last_at: Date | null;
}

const SUBSCRIPTION_COLUMNS = [
  's.id',
  's.url',
  's.description',
  's.event_types',
  's.secret',
  's.enabled',
  's.disabled_reason',
  's.failing_since',
  's.created_at',
  's.updated_at',
] as const;

/** Subscriptions with their newest delivery (one index probe each). */
function subscriptions(db: Db) {
  return db
    .selectFrom('webhook_subscriptions as s')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('webhook_deliveries as d')
          .select([
            'd.status',
            'd.last_status_code',
            sql<Date>`coalesce(d.delivered_at, d.created_at)`.as('at'),
          ])
          .whereRef('d.subscription_id', '=', 's.id')
          .orderBy('d.id', 'desc')
          .limit(1)
          .as('last'),
      (join) => join.onTrue(),
    )
    .select(SUBSCRIPTION_COLUMNS)
    .select(['last.status as last_status', 'last.last_status_code', 'last.at as last_at']);
}

export async function listSubscriptions(db: Db): Promise<SubscriptionRow[]> {
  return (await subscriptions(db).orderBy('s.id').execute()) as SubscriptionRow[];
}

export async function findSubscription(db: Db, id: number): Promise<SubscriptionRow | undefined> {
  return (await subscriptions(db).where('s.id', '=', id).executeTakeFirst()) as SubscriptionRow | undefined;
}

export async function insertSubscription(
  db: Db,
  values: {
    url: string;
    description: string | null;
    eventTypes: string[];
    secret: string;
    createdBy: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('webhook_subscriptions')
    .values({
      url: values.url,
      description: values.description,
      event_types: values.eventTypes,
      secret: values.secret,
      created_by: values.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface SubscriptionChange {
  url?: string;
  description?: string | null;
  event_types?: string[];
  secret?: string;
  enabled?: boolean;
}

export async function updateSubscription(db: Db, id: number, change: SubscriptionChange): Promise<void> {
  await db
    .updateTable('webhook_subscriptions')
    .set({
      ...change,
      updated_at: sql`now()`,
      // Turned on (again) by an administrator: a clean slate for the disabling rule.
      ...(change.enabled === true
        ? { disabled_reason: null, consecutive_failures: 0, failing_since: null }
        : {}),
      ...(change.enabled === false ? { disabled_reason: null } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteSubscription(db: Db, id: number): Promise<boolean> {
  const gone = await db.deleteFrom('webhook_subscriptions').where('id', '=', id).executeTakeFirst();
  return gone.numDeletedRows > 0n;
}

/** The enabled subscriptions and what they listen to, for the fan-out. */
export async function enabledSubscriptions(db: Db): Promise<{ id: number; event_types: string[] }[]> {
  return db
    .selectFrom('webhook_subscriptions')
    .select(['id', 'event_types'])
    .where('enabled', '=', true)
    .execute();
}

export interface NewDelivery {
  subscription_id: number;
  message_id: string;
  event_type: string;
  payload: string;
  redelivery_of?: number;
}

/** Queues deliveries, due now; one already queued for that message is left alone. */
export async function insertDeliveries(db: Db, rows: NewDelivery[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('webhook_deliveries')
    .values(rows.map((r) => ({ ...r, next_attempt_at: sql<Date>`now()` })))
    .onConflict((oc) =>
      oc.columns(['subscription_id', 'message_id']).where('redelivery_of', 'is', null).doNothing(),
    )
    .returning('id')
    .execute();
  return inserted.map((r) => Number(r.id));
}

/** The fan-out's place in the event log, locked for the caller; undefined while another process holds it. */
export async function lockCursor(db: Db): Promise<{ pos: number; seq: number } | undefined> {
  const row = await db
    .selectFrom('webhook_cursor')
    .select(['pos', 'seq'])
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  return row ? { pos: Number(row.pos), seq: Number(row.seq) } : undefined;
}

export async function moveCursor(db: Db, to: { pos: number; seq: number }): Promise<void> {
  await db.updateTable('webhook_cursor').set({ pos: to.pos, seq: to.seq }).execute();
}

/** The log position pruning must keep, while any subscription exists (else undefined). */
export async function logHold(db: Db): Promise<number | undefined> {
  const { rows } = await sql<{ pos: string }>`SELECT pos FROM webhook_cursor
    WHERE EXISTS (SELECT 1 FROM webhook_subscriptions)`.execute(db);
  return rows[0] ? Number(rows[0].pos) : undefined;
}

export interface DeliveryRow {
  id: number;
  subscription_id: number;
  message_id: string;
  event_type: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_response_ms: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  created_at: Date;
  delivered_at: Date | null;
  redelivery_of: number | null;
}

const DELIVERY_COLUMNS = [
  'id',
  'subscription_id',
  'message_id',
  'event_type',
  'status',
  'attempts',
  'last_status_code',
  'last_response_ms',
  'last_error',
  'next_attempt_at',
  'created_at',
  'delivered_at',
  'redelivery_of',
] as const;

/** A page of a subscription's deliveries, newest first, before id `beforeId`; one row more than `limit`. */
export async function deliveriesPage(
  db: Db,
  subscriptionId: number,
  beforeId: number | undefined,
  limit: number,
): Promise<DeliveryRow[]> {
  let query = db
    .selectFrom('webhook_deliveries')
    .select(DELIVERY_COLUMNS)
    .where('subscription_id', '=', subscriptionId)
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (beforeId !== undefined) query = query.where('id', '<', beforeId);
  return (await query.execute()) as DeliveryRow[];
}

export async function findDelivery(
  db: Db,
  id: number,
): Promise<(DeliveryRow & { payload: unknown }) | undefined> {
  return (await db
    .selectFrom('webhook_deliveries')
    .select([...DELIVERY_COLUMNS, 'payload'])
    .where('id', '=', id)
    .executeTakeFirst()) as (DeliveryRow & { payload: unknown }) | undefined;
}

/** Whether private addresses are allowed (a setting; off unless an administrator turned it on). */
export const ALLOW_PRIVATE_KEY = 'webhooks_allow_private_addresses';

export async function readAllowPrivate(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', ALLOW_PRIVATE_KEY)
    .executeTakeFirst();
  return row?.value === true;
}

export async function writeAllowPrivate(db: Db, allow: boolean): Promise<boolean> {
  const value = JSON.stringify(allow);
  const before = await readAllowPrivate(db);
  await db
    .insertInto('settings')
    .values({ key: ALLOW_PRIVATE_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: sql`now()` }))
    .execute();
  return before;
}

export interface PersonName {
  id: number;
  name: string;
  email: string;
  employeeNumber: string;
}

/** The people events name by id only, read once per page. */
export async function personNames(db: Kysely<Database>, ids: number[]): Promise<Map<number, PersonName>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', sql<string>`first_name || ' ' || last_name`.as('name'), 'email', 'employee_number'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((r) => [r.id, { id: r.id, name: r.name, email: r.email, employeeNumber: r.employee_number }]),
  );
}

/** The delivery of a message to a subscription that has not finished yet (waiting, retrying or in flight), if any. */
export async function unfinishedDelivery(db: Db, subscriptionId: number, messageId: string) {
  return db
    .selectFrom('webhook_deliveries')
    .select(['id', 'status'])
    .where('subscription_id', '=', subscriptionId)
    .where('message_id', '=', messageId)
    .where('status', 'in', ['pending', 'delivering', 'failed'])
    .forUpdate()
    .executeTakeFirst();
}

/** Brings a waiting delivery's next attempt forward to now. */
export async function retryNow(db: Db, id: number): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'failed'])
    .execute();
}
