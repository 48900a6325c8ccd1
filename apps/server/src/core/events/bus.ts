import type { LiveEventData, LiveEventType } from '@atrium/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import pg from 'pg';

/** Who may receive an event: named users' rooms and/or the admins' room. */
export interface Audience {
  userIds?: number[];
  admins?: boolean;
}

export type DomainEvent =
  | {
      [K in LiveEventType]: { kind: 'live'; type: K; data: LiveEventData<K>; audience: Audience };
    }[LiveEventType]
  | { kind: 'session_ended'; sessionIds: string[] }
  /** People whose standing changed (enabled, disabled, a new role): cached sessions of theirs are dropped. */
  | { kind: 'users_changed'; userIds: number[] }
  /** Settings whose cached copies (e.g. the OrgClock's zone) every process must drop. */
  | { kind: 'settings_changed'; keys: string[] }
  /** A device's push secret or settings changed: cached devices (the push path's) are dropped. */
  | { kind: 'devices_changed' };

type Handler = (event: DomainEvent) => void;
// biome-ignore lint/suspicious/noExplicitAny: the bus publishes on any executor, whatever its schema.
type AnyDb = Kysely<any>;

const CHANNEL = 'atrium_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD = 7900;

/**
 * Encoded events (each within MAX_PAYLOAD) grouped, in order, into JSON arrays that fit in one
 * NOTIFY each: a batch of door events is then a few notifications rather than one per event,
 * each of which costs PostgreSQL a queue entry and the listening process a message.
 */
function packed(encoded: string[]): string[] {
  const payloads: string[] = [];
  let group: string[] = [];
  let bytes = 2;
  for (const payload of encoded) {
    const size = Buffer.byteLength(payload) + 1;
    if (group.length > 0 && bytes + size > MAX_PAYLOAD) {
      payloads.push(`[${group.join(',')}]`);
      group = [];
      bytes = 2;
    }
    group.push(payload);
    bytes += size;
  }
  if (group.length > 0) payloads.push(`[${group.join(',')}]`);
  return payloads;
}

/**
 * Domain events travel through PostgreSQL NOTIFY, so every server process sharing the
 * database sees them. A NOTIFY issued inside a transaction is delivered only when that
 * transaction commits: publishing with the transaction is "emit after commit" for free.
 */
export class EventBus {
  private handlers = new Set<Handler>();
  private client: pg.Client | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  private listens = 0;
  private listening: number | undefined;

  constructor(
    private readonly db: AnyDb,
    private readonly url: string,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  async publish(event: DomainEvent, executor: AnyDb = this.db): Promise<void> {
    await sql`SELECT ${this.notification(event)}`.execute(executor);
  }

  /**
   * The NOTIFY of `event` as an SQL expression, for a statement that announces its own change:
   * delivered when that statement's transaction commits, and only if the expression is evaluated.
   */
  notification(event: DomainEvent): RawBuilder<unknown> {
    return this.notificationOf(sql`${this.encode(event)}::text`);
  }

  /** `event` as a NOTIFY payload (refused when too large), for notificationOf. */
  encode(event: DomainEvent): string {
    const payload = JSON.stringify(event);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD)
      throw new Error(`event ${event.kind} is too large to publish`);
    return payload;
  }

  /**
   * The NOTIFY of a payload (from encode) that an SQL expression picks, e.g. a column, so a
   * statement writing many rows announces each with its own event when it is evaluated per row.
   */
  notificationOf(payload: RawBuilder<unknown>): RawBuilder<unknown> {
    return sql`pg_notify(${CHANNEL}, ${payload})`;
  }

  /** Several events in one round trip, in order (a batch of door events publishes this way). */
  async publishMany(events: DomainEvent[], executor: AnyDb = this.db): Promise<void> {
    if (events.length === 0) return;
    const payloads = packed(events.map((event) => this.encode(event)));
    // Prepared (see db/connection.ts): every batch of door events publishes this way.
    await sql`/* prepared: bus_publish_many */ SELECT pg_notify(${CHANNEL}, p) FROM unnest(${payloads}::text[]) WITH ORDINALITY AS t(p, n) ORDER BY n`.execute(
      executor,
    );
  }

  /**
   * Several events in one statement of their own, whose commit does not wait for the disk: a
   * transaction that only notifies has nothing to lose in a crash (a notification is never kept
   * across one), and the flush it would wait for shares the disk with door events' commits.
   * Never inside a transaction, which it would make asynchronous whole.
   */
  async publishAlone(events: DomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    const payloads = packed(events.map((event) => this.encode(event)));
    await sql`/* prepared: bus_publish_alone */ SELECT set_config('synchronous_commit', 'off', true),
      (SELECT count(pg_notify(${CHANNEL}, p)) FROM (SELECT p FROM unnest(${payloads}::text[]) WITH ORDINALITY AS t(p, n) ORDER BY n) AS ordered)`.execute(
      this.db,
    );
  }

  /**
   * Which LISTEN this process is in: undefined while not listening, and a new number after every
   * reconnect. A cache kept valid by events must not trust what it held before a change, since
   * events in the gap were missed.
   */
  listenEpoch(): number | undefined {
    return this.listening;
  }

  subscribe(handler: Handler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.listen();
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      let events: DomainEvent[];
      try {
        const parsed = JSON.parse(message.payload) as DomainEvent | DomainEvent[];
        events = Array.isArray(parsed) ? parsed : [parsed];
      } catch (error) {
        this.onError(error);
        return;
      }
      for (const event of events) {
        for (const handler of this.handlers) {
          try {
            handler(event);
          } catch (error) {
            this.onError(error);
          }
        }
      }
    });
    // A lost listening connection is re-opened; events in the gap are missed, and clients
    // reload their data when their socket reconnects.
    const reconnect = (error?: unknown) => {
      if (error) this.onError(error);
      if (this.stopped || this.client !== client) return;
      this.client = undefined;
      this.listening = undefined;
      client.end().catch(() => {});
      this.retry = setTimeout(() => this.listen().catch((e) => reconnect(e)), 1000);
    };
    client.on('error', reconnect);
    client.on('end', () => reconnect());
    this.client = client;
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    if (this.client === client) this.listening = ++this.listens;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.listening = undefined;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
