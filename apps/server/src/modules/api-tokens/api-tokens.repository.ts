import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** A token as the list shows it, with the names of who created and who revoked it. */
export interface ApiTokenRow {
  id: number;
  name: string;
  prefix: string;
  scopes: string[];
  created_by: number | null;
  created_by_name: string | null;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_by: number | null;
  revoked_by_name: string | null;
  last_used_at: Date | null;
  last_used_ip: string | null;
}

/** What authenticating a token needs: only tokens that are neither revoked nor expired. */
export interface UsableToken {
  id: number;
  name: string;
  scopes: string[];
  created_by: number;
  expires_at: Date;
}

const fullName = (alias: 'c' | 'r') =>
  sql<string | null>`${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}`;

function tokenRows(db: Kysely<Database>) {
  return db
    .selectFrom('api_tokens as t')
    .leftJoin('users as c', 'c.id', 't.created_by')
    .leftJoin('users as r', 'r.id', 't.revoked_by')
    .select([
      't.id',
      't.name',
      't.prefix',
      't.scopes',
      't.created_by',
      fullName('c').as('created_by_name'),
      't.created_at',
      't.expires_at',
      't.revoked_at',
      't.revoked_by',
      fullName('r').as('revoked_by_name'),
      't.last_used_at',
      't.last_used_ip',
    ]);
}

export async function insertToken(
  db: Kysely<Database>,
  token: {
    name: string;
    scopes: string[];
    hash: string;
    prefix: string;
    createdBy: number;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('api_tokens')
    .values({
      name: token.name,
      scopes: token.scopes,
      token_hash: token.hash,
      prefix: token.prefix,
      created_by: token.createdBy,
      created_at: token.createdAt,
      expires_at: token.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findToken(db: Kysely<Database>, id: number): Promise<ApiTokenRow | undefined> {
  return tokenRows(db).where('t.id', '=', id).executeTakeFirst();
}

/** Newest first; `before` is the last id of the previous page. One row more than `limit` says there are more. */
export async function tokenPage(
  db: Kysely<Database>,
  before: number | undefined,
  limit: number,
): Promise<ApiTokenRow[]> {
  let query = tokenRows(db);
  if (before !== undefined) query = query.where('t.id', '<', before);
  return query
    .orderBy('t.id', 'desc')
    .limit(limit + 1)
    .execute();
}

/**
 * The token with this hash if it may act at `now`. A token whose creator's record is gone acts
 * for nobody: every change it makes is audited in someone's name.
 */
export async function findUsableToken(
  db: Kysely<Database>,
  hash: string,
  now: Date,
): Promise<UsableToken | undefined> {
  const row = await db
    .selectFrom('api_tokens')
    .select(['id', 'name', 'scopes', 'created_by', 'expires_at'])
    .where('token_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('created_by', 'is not', null)
    .executeTakeFirst();
  return row ? { ...row, created_by: row.created_by! } : undefined;
}

/** Marks a token revoked; false when it already was (or does not exist). */
export async function revokeToken(db: Kysely<Database>, id: number, by: number, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: at, revoked_by: by })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function recordTokenUse(db: Kysely<Database>, id: number, at: Date, ip: string): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: at, last_used_ip: ip })
    .where('id', '=', id)
    .execute();
}
