import { randomUUID } from 'node:crypto';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { noteEvents } from './barrier';
import type { DomainEvent } from './event';
import {
  forgetReader,
  lastCommit,
  markRead,
  type Position,
  type Replay,
  readAfter,
  readersBehind,
  readHead,
  replayFor,
} from './log';
import { WakeListener } from './wake-listener';

/** An event as the log delivers it: `seq` names it, for a client to say what it saw last. */
type Handler = (event: DomainEvent, seq: number) => void;
// biome-ignore lint/suspicious/noExplicitAny: the bus publishes on any executor, whatever its schema.
type AnyDb = Kysely<any>;

export type { Audience, DomainEvent } from './event';
export type { Position, Replay };

/** How often the log is read with no wake-up: a safety net, since a NOTIFY can be lost. */
const IDLE_POLL_MS = 2000;
/** A reader not heard from for this long (it marks its place at every read) is taken for gone. */
const READER_ALIVE_MS = 5 * IDLE_POLL_MS;

/**
 * Domain events are rows of the event_log table, written by the transaction that causes them:
 * an event exists exactly when its change committed. Every process reads the log in order from
 * the position it delivered last and hands each event to its subscribers; PostgreSQL's NOTIFY
 * (sent by the table's trigger) only wakes the readers, so a notification lost while a process
 * reconnects costs a moment, never an event.
 */
export class EventBus {
  private handlers = new Set<Handler>();
  private readonly wake: WakeListener;
  private position: Position | undefined;
  private reading: Promise<void> | undefined;
  private again = false;
  private poll: NodeJS.Timeout | undefined;
  private stopped = true;
  private epochs = 0;
  private epoch: number | undefined;
  private readonly reader = randomUUID();

  constructor(
    private readonly db: AnyDb,
    /** A direct connection to PostgreSQL for LISTEN (a transaction pooler cannot hold one). */
    listenUrl: string,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.wake = new WakeListener(listenUrl, {
      onWake: () => this.read(),
      onListening: () => {
        // Whatever was published while not listening is in the log: read it before trusting.
        void this.caughtUp().then(() => {
          if (this.wake.listening()) this.epoch = ++this.epochs;
        });
      },
      onLost: () => {
        this.epoch = undefined;
      },
      onError,
    });
  }

  /** Logs `event` with the transaction of `executor`: it exists if and when that commits. */
  async publish(event: DomainEvent, executor: AnyDb = this.db): Promise<void> {
    noteEvents([event]);
    await sql`INSERT INTO event_log (event) VALUES (${this.encode(event)}::jsonb)`.execute(executor);
  }

  /** Several events in one statement, in order (a batch of door events publishes this way). */
  async publishMany(events: DomainEvent[], executor: AnyDb = this.db): Promise<void> {
    if (events.length === 0) return;
    noteEvents(events);
    await sql`INSERT INTO event_log (event)
      SELECT e FROM jsonb_array_elements(${JSON.stringify(events)}::jsonb) WITH ORDINALITY AS t(e, n) ORDER BY n`.execute(
      executor,
    );
  }

  /**
   * Logging `event` as an SQL expression, for a statement that announces its own change: logged
   * with that statement's transaction, and only if the expression is evaluated.
   */
  notification(event: DomainEvent): RawBuilder<unknown> {
    return this.notificationOf(sql`${this.encode(event)}`);
  }

  /** `event` as the text notificationOf logs. */
  encode(event: DomainEvent): string {
    return JSON.stringify(event);
  }

  /**
   * Logging an event (text from encode) that an SQL expression picks, e.g. a column, so a
   * statement writing many rows announces each with its own event when it is evaluated per row.
   */
  notificationOf(payload: RawBuilder<unknown>): RawBuilder<unknown> {
    return sql`event_log_append(${payload}::jsonb)`;
  }

  /**
   * Which unbroken stretch of listening this process is in: undefined while not listening, and a
   * new number once the log has been read after every reconnect. Caches kept valid by events
   * trust only what they read within the current one.
   */
  listenEpoch(): number | undefined {
    return this.epoch;
  }

  /** The position this process has delivered up to: a socket's replay ends there. */
  head(): Position {
    return this.position ?? { pos: 0, seq: 0 };
  }

  /**
   * The live events after `since` (the seq of the last event a client received, 0 for none) up
   * to `upTo` that `mayReceive` lets through, at most `limit` of them; 'gone' when the log no
   * longer reaches back to `since` or more than `limit` were missed.
   */
  replay(
    since: number,
    upTo: Position,
    audience: { userId: number; admin: boolean; team?: readonly number[] },
    limit: number,
  ): Promise<Replay> {
    return replayFor(this.db, since, upTo, audience, limit);
  }

  /**
   * Resolves once every running process has read the log up to what had committed when called
   * (true), or after `timeoutMs` (false): a revocation is then refused by all of them at once.
   */
  async everywhere(timeoutMs = 2000): Promise<boolean> {
    const target = await lastCommit(this.db);
    const deadline = Date.now() + timeoutMs;
    this.read();
    for (;;) {
      if ((await readersBehind(this.db, target, READER_ALIVE_MS)) === 0) return true;
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  subscribe(handler: Handler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** Reads from the end of the log as it stands, then follows it. */
  async start(): Promise<void> {
    this.stopped = false;
    this.position = await readHead(this.db);
    await markRead(this.db, this.reader, this.position.pos);
    await this.wake.start();
    this.schedule(IDLE_POLL_MS);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.poll);
    await this.wake.stop();
    await this.reading?.catch(() => {});
    await forgetReader(this.db, this.reader).catch(() => {});
  }

  /** Resolves once the log has been read up to what had committed when it was called. */
  async caughtUp(): Promise<void> {
    this.read();
    while (this.reading) await this.reading.catch(() => {});
  }

  /** One reader at a time; a wake-up meanwhile makes it read once more. */
  private read(): void {
    if (this.stopped) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = this.drain()
      .catch((error) => {
        this.onError(error);
        this.schedule(IDLE_POLL_MS);
      })
      .finally(() => {
        this.reading = undefined;
        if (this.again) {
          this.again = false;
          this.read();
        }
      });
  }

  private async drain(): Promise<void> {
    for (;;) {
      const page = await readAfter(this.db, this.head());
      for (const row of page.rows) {
        this.position = { pos: row.pos, seq: row.seq };
        this.deliver(row.event, row.seq);
      }
      if (page.more) continue;
      // Read to the end: this process's place, for changes that wait for every process.
      await markRead(this.db, this.reader, this.head().pos);
      this.schedule(IDLE_POLL_MS);
      return;
    }
  }

  private deliver(event: DomainEvent, seq: number): void {
    for (const handler of this.handlers) {
      try {
        handler(event, seq);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    clearTimeout(this.poll);
    this.poll = setTimeout(() => this.read(), ms);
    this.poll.unref();
  }
}
