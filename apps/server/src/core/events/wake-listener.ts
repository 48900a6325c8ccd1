import pg from 'pg';

export const WAKE_CHANNEL = 'atrium_events';
const RECONNECT_MS = 1000;

/**
 * LISTEN on a connection of its own, re-opened whenever it is lost. It carries no events, only
 * "the log grew": its notifications are folded by PostgreSQL and may be missed while reconnecting.
 */
export class WakeListener {
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = true;
  private isListening = false;

  constructor(
    private readonly url: string,
    private readonly on: {
      onWake: () => void;
      /** Listening again (first time or after a reconnect): what came meanwhile must be read. */
      onListening: () => void;
      onLost: () => void;
      onError: (error: unknown) => void;
    },
  ) {}

  listening(): boolean {
    return this.isListening;
  }

  /** Resolves after the first attempt; a failed one is retried in the background. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.listen();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.isListening = false;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      if (message.channel === WAKE_CHANNEL) this.on.onWake();
    });
    const reconnect = (error?: unknown) => {
      if (error) this.on.onError(error);
      if (this.stopped || this.client !== client) return;
      this.client = undefined;
      this.isListening = false;
      this.on.onLost();
      client.end().catch(() => {});
      this.retry = setTimeout(() => void this.listen(), RECONNECT_MS);
    };
    client.on('error', reconnect);
    client.on('end', () => reconnect());
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${WAKE_CHANNEL}`);
    } catch (error) {
      reconnect(error);
      return;
    }
    if (this.client !== client) return;
    this.isListening = true;
    this.on.onListening();
  }
}
