import type { LiveMessage } from '@atrium/contract';
import { WebSocket } from 'ws';

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the answers' fields by hand.
  body: any;
  /** The server HAProxy chose (its X-Atrium-Server header); undefined for a direct request. */
  server: string | undefined;
}

/** One real HTTP request; a network failure or a 10 s wait throws. */
export async function call(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: object,
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : undefined,
    server: response.headers.get('x-atrium-server') ?? undefined,
  };
}

export async function login(base: string, email: string, password: string): Promise<string> {
  const answer = await call(base, 'POST', '/auth/login', undefined, { email, password });
  if (answer.status !== 200)
    throw new Error(`login of ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.token;
}

/** A /ws connection joined as the token's user, as the web client joins, keeping what it hears. */
export class LiveSocket {
  readonly messages: LiveMessage[] = [];
  /** The close code, once the server closed it. */
  readonly closed: Promise<number>;
  private readonly waiters = new Set<() => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      this.messages.push(JSON.parse(raw.toString()) as LiveMessage);
      for (const wake of this.waiters) wake();
    });
    this.closed = new Promise((resolve) => socket.once('close', (code) => resolve(code)));
  }

  static async join(base: string, token: string): Promise<LiveSocket> {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`);
    const live = new LiveSocket(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'join', token }));
    await live.next((m) => m.type === 'joined', 5000, 'joined');
    return live;
  }

  /** The first message (already heard or still to come) that `matches`. */
  async next(
    matches: (message: LiveMessage) => boolean,
    timeoutMs: number,
    what: string,
  ): Promise<LiveMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(matches);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no ${what} within ${timeoutMs} ms; heard ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }

  close(): void {
    this.socket.terminate();
  }
}
