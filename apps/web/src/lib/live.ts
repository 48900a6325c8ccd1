import type { JoinMessage, LiveEventType, LiveMessage } from '@atrium/contract';
import { logger } from './logger';

/** Close codes the server uses on /ws (see apps/server/src/live/socket.ts). */
export const CLOSE_UNAUTHENTICATED = 4401;
export const CLOSE_SESSION_ENDED = 4403;

const BACKOFF_START_MS = 500;
const BACKOFF_CAP_MS = 10_000;

export type LiveStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';
export type LiveHandler = (message: LiveMessage) => void;

export interface LiveClientOptions {
  userId: number;
  getToken: () => string | null;
  /** Renews the access token; rejects when the session cannot be renewed. */
  refreshToken: () => Promise<string>;
  /** The server ended this session (signed out elsewhere, user disabled). */
  onSessionEnded: () => void;
  url?: string;
  createSocket?: (url: string) => WebSocket;
  random?: () => number;
}

export function liveUrl(): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ws`;
}

/** Exponential backoff with jitter, so clients dropped together do not return together. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_START_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * One authenticated /ws connection that keeps itself alive: it joins with the access token,
 * renews the token when the server says it expired, and reconnects after any other drop.
 */
export class LiveClient {
  private socket: WebSocket | undefined;
  private status: LiveStatus = 'idle';
  private stopped = true;
  private attempt = 0;
  private authRetried = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Where this client's stream stands (the last seq received): a rejoin asks for what came after. */
  private since: number | undefined;
  private readonly handlers = new Map<string, Set<LiveHandler>>();
  private readonly statusListeners = new Set<(status: LiveStatus) => void>();

  constructor(private readonly options: LiveClientOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = undefined;
    // readyState 0 and 1: still connecting or open.
    if (socket && socket.readyState <= 1) socket.close(1000, 'signed out');
    this.setStatus('idle');
  }

  getStatus(): LiveStatus {
    return this.status;
  }

  onStatus(listener: (status: LiveStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Handler for one event type, or '*' for every message. */
  subscribe(type: LiveEventType | '*', handler: LiveHandler): () => void {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener(status);
  }

  private connect(): void {
    if (this.stopped) return;
    this.setStatus('connecting');
    const url = this.options.url ?? liveUrl();
    const socket = this.options.createSocket?.(url) ?? new WebSocket(url);
    this.socket = socket;

    socket.onopen = () => {
      const join: JoinMessage = {
        type: 'join',
        userId: this.options.userId,
        token: this.options.getToken() ?? '',
        ...(this.since === undefined ? {} : { since: this.since }),
      };
      socket.send(JSON.stringify(join));
    };
    socket.onmessage = (event) => {
      if (socket === this.socket) this.receive(event.data);
    };
    socket.onclose = (event) => {
      if (socket === this.socket) this.closed(event.code);
    };
  }

  private receive(raw: unknown): void {
    let message: LiveMessage;
    try {
      message = JSON.parse(String(raw)) as LiveMessage;
    } catch {
      logger.warn('live: ignored a message that is not JSON');
      return;
    }
    if (typeof message !== 'object' || message === null || typeof message.type !== 'string') return;
    logger.debug('live:', message.type, message.data);
    if (typeof message.seq === 'number') this.since = message.seq;
    if (message.type === 'joined') {
      this.since = message.data.seq;
      this.attempt = 0;
      this.authRetried = false;
      this.setStatus('connected');
    }
    for (const key of [message.type, '*']) {
      for (const handler of this.handlers.get(key) ?? []) {
        try {
          handler(message);
        } catch (error) {
          logger.error('live: a handler failed', error);
        }
      }
    }
  }

  private closed(code: number): void {
    this.socket = undefined;
    if (this.stopped) return;
    this.setStatus('disconnected');
    if (code === CLOSE_SESSION_ENDED) {
      this.stopped = true;
      this.options.onSessionEnded();
      return;
    }
    if (code === CLOSE_UNAUTHENTICATED) {
      this.renewAndReconnect();
      return;
    }
    this.scheduleReconnect();
  }

  private renewAndReconnect(): void {
    // A token that was refused right after a renewal will not get better by renewing again at once.
    if (this.authRetried) {
      this.scheduleReconnect();
      return;
    }
    this.authRetried = true;
    this.options.refreshToken().then(
      () => this.connect(),
      // A refused refresh signs the user out through the api client, which stops this client.
      () => this.scheduleReconnect(),
    );
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    const delay = backoffDelay(this.attempt, this.options.random);
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.authRetried = false;
      this.connect();
    }, delay);
  }
}
