import { type Kysely, sql } from 'kysely';
import type { DomainEvent } from './event';

// biome-ignore lint/suspicious/noExplicitAny: the log is read on any executor, whatever its schema.
type AnyDb = Kysely<any>;

/**
 * A place in the log's order, (pos, seq): the commit that logged an event, then its number. Commits
 * are numbered in the order they became visible, so a reader that goes on from its position never
 * skips an event that committed late.
 */
export interface Position {
  pos: number;
  seq: number;
}

export interface LogRow extends Position {
  event: DomainEvent;
}

export type Replay = { events: { seq: number; event: DomainEvent }[] } | 'gone';

const PAGE = 500;
const PRUNE_BATCH = 1000;

/** The last event delivered so far to anyone who reads the log now; the prune horizon when none is left. */
export async function readHead(db: AnyDb): Promise<Position> {
  const { rows } = await sql<Position>`
    SELECT pos, seq FROM (
      (SELECT c.pos, e.seq FROM event_log_commit c JOIN event_log e USING (txid)
       WHERE c.pos IS NOT NULL ORDER BY c.pos DESC, e.seq DESC LIMIT 1)
      UNION ALL
      (SELECT pos, seq FROM event_log_horizon)
    ) AS candidates
    ORDER BY pos DESC, seq DESC LIMIT 1`.execute(db);
  return rows[0] ?? { pos: 0, seq: 0 };
}

/** The next events after `from`, in commit order; `more` when a page was full. */
export async function readAfter(db: AnyDb, from: Position): Promise<{ rows: LogRow[]; more: boolean }> {
  const { rows } = await sql<LogRow>`
    SELECT c.pos, e.seq, e.event
    FROM event_log_commit c JOIN event_log e USING (txid)
    WHERE c.pos >= ${from.pos} AND (c.pos, e.seq) > (${from.pos}::bigint, ${from.seq}::bigint)
    ORDER BY c.pos, e.seq
    LIMIT ${PAGE}`.execute(db);
  return { rows, more: rows.length === PAGE };
}

/**
 * A socket's missed live events: those after the event numbered `since` (or after the prune
 * horizon, when `since` names it) up to `upTo`, addressed to the member. One statement, so a
 * prune running meanwhile cannot cut the range it reads.
 */
export async function replayFor(
  db: AnyDb,
  since: number,
  upTo: Position,
  member: { userId: number; admin: boolean; team?: readonly number[] },
  limit: number,
): Promise<Replay> {
  const { rows } = await sql<{ found: number; seq: number | null; event: DomainEvent | null }>`
    WITH start AS (
      (SELECT c.pos, e.seq FROM event_log e JOIN event_log_commit c USING (txid) WHERE e.seq = ${since})
      UNION ALL
      (SELECT pos, seq FROM event_log_horizon WHERE seq = ${since})
      LIMIT 1
    ), missed AS (
      SELECT c.pos, e.seq, e.event FROM start, event_log_commit c JOIN event_log e USING (txid)
      WHERE c.pos >= start.pos AND c.pos <= ${upTo.pos}
        AND (c.pos, e.seq) > (start.pos, start.seq)
        AND (c.pos, e.seq) <= (${upTo.pos}::bigint, ${upTo.seq}::bigint)
        AND e.event->>'kind' = 'live'
        AND (((e.event->'audience'->>'admins')::boolean AND ${member.admin})
             OR e.event->'audience'->'userIds' @> ${String(member.userId)}::jsonb
             OR ((e.event->'audience'->>'team')::boolean AND EXISTS (
                   SELECT 1 FROM jsonb_array_elements_text(e.event->'audience'->'userIds') AS u (id)
                   WHERE u.id::int = ANY (${member.team ?? []}::int[]))))
      ORDER BY c.pos, e.seq
      LIMIT ${limit + 1}
    )
    SELECT (SELECT count(*) FROM start)::int AS found, m.seq, m.event
    FROM (SELECT 1) AS one LEFT JOIN missed m ON true
    ORDER BY m.pos, m.seq`.execute(db);
  if (rows[0]?.found !== 1 || rows.length > limit) return 'gone';
  return { events: rows.flatMap((r) => (r.seq === null ? [] : [{ seq: r.seq, event: r.event! }])) };
}

/**
 * Deletes the log's oldest commits, as far as they were made before `cutoff` (a batch at a time),
 * with their events, and moves the horizon past them. Returns how many events went. `keepFrom`:
 * a commit position a durable reader has not read past (the webhooks' fan-out); it and what
 * follows are kept whatever their age.
 */
export async function pruneLog(db: AnyDb, cutoff: Date, keepFrom?: number): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await sql<{ commits: number; events: number }>`
      WITH first AS (
        SELECT pos, txid,
          bool_and(created_at < ${cutoff} AND (${keepFrom ?? null}::bigint IS NULL OR pos < ${keepFrom ?? null}::bigint))
            OVER (ORDER BY pos) AS old
        FROM (SELECT pos, txid, created_at FROM event_log_commit WHERE pos IS NOT NULL
              ORDER BY pos LIMIT ${PRUNE_BATCH}) AS f
      ), old AS (
        SELECT pos, txid FROM first WHERE old
      ), events AS (
        DELETE FROM event_log e USING old WHERE e.txid = old.txid RETURNING old.pos, e.seq
      ), commits AS (
        DELETE FROM event_log_commit c USING old WHERE c.pos = old.pos RETURNING c.pos
      ), edge AS (
        SELECT pos, seq FROM events ORDER BY pos DESC, seq DESC LIMIT 1
      ), moved AS (
        UPDATE event_log_horizon h SET pos = edge.pos, seq = edge.seq FROM edge RETURNING 1
      )
      SELECT (SELECT count(*) FROM commits)::int AS commits, (SELECT count(*) FROM events)::int AS events`.execute(
      db,
    );
    total += rows[0]?.events ?? 0;
    if ((rows[0]?.commits ?? 0) < PRUNE_BATCH) return total;
  }
}

/** Where this process has read to, and that it is alive (see event_log_readers). */
export async function markRead(db: AnyDb, reader: string, pos: number): Promise<void> {
  await sql`INSERT INTO event_log_readers (id, pos) VALUES (${reader}, ${pos})
    ON CONFLICT (id) DO UPDATE SET pos = excluded.pos, seen_at = now()`.execute(db);
}

export async function forgetReader(db: AnyDb, reader: string): Promise<void> {
  await sql`DELETE FROM event_log_readers WHERE id = ${reader}`.execute(db);
}

/** The last commit that logged events, as far as this statement can see. */
export async function lastCommit(db: AnyDb): Promise<number> {
  const { rows } = await sql<{
    pos: number;
  }>`SELECT coalesce(max(pos), 0) AS pos FROM event_log_commit`.execute(db);
  return rows[0]?.pos ?? 0;
}

/** How many readers heard from within `aliveMs` have not read up to `pos` yet. */
export async function readersBehind(db: AnyDb, pos: number, aliveMs: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM event_log_readers
    WHERE pos < ${pos} AND seen_at > now() - make_interval(secs => ${aliveMs / 1000})`.execute(db);
  return rows[0]?.n ?? 0;
}
