import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { login, type TestUser } from '../../test/fixtures';
import type { EventBus } from '../core/events/bus';

/** Live-socket test helpers: a listening app, a client that keeps what it received, a barrier. */

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
}

export interface Message {
  type: string;
  data: unknown;
  seq?: number;
}

export interface Client {
  socket: WebSocket;
  messages: Message[];
  closed: Promise<{ code: number; at: number }>;
  /** The first message of that type (or matching), waiting for it when none came yet. */
  next(match: string | ((m: Message) => boolean), timeoutMs?: number): Promise<Message>;
}

export function connect(url: string): Promise<Client> {
  const socket = new WebSocket(url);
  const messages: Client['messages'] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (raw) => {
    messages.push(JSON.parse(raw.toString()));
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number; at: number }>((resolve) =>
    socket.on('close', (code) => resolve({ code, at: Date.now() })),
  );
  const next = (match: string | ((m: Message) => boolean), timeoutMs = 3000) =>
    new Promise<Message>((resolve, reject) => {
      const matches = typeof match === 'string' ? (m: Message) => m.type === match : match;
      const timer = setTimeout(
        () =>
          reject(
            new Error(`no ${typeof match === 'string' ? match : 'matching'} message within ${timeoutMs} ms`),
          ),
        timeoutMs,
      );
      const check = () => {
        const found = messages.find(matches);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else waiters.push(check);
      };
      check();
    });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages, closed, next }));
    socket.once('error', reject);
  });
}

/** Signs `user` in on `app` and joins a socket at `url` (claiming `claimedUserId` if given). */
export async function joinAs(
  app: FastifyInstance,
  url: string,
  user: TestUser,
  claimedUserId?: number,
  since?: number,
): Promise<Client & { token: string }> {
  const { token } = await login(app, user);
  const client = await connect(url);
  client.socket.send(JSON.stringify({ type: 'join', userId: claimedUserId ?? user.id, token, since }));
  await client.next('joined');
  return { ...client, token };
}

let barriers = 0;

/**
 * Publishes a notice to `userId` through `bus` and waits until `client` has it. Events reach a
 * socket in the order they were committed, so whatever was published before has then arrived
 * too: a test that something did not arrive checks the messages before the barrier.
 */
export async function barrier(bus: EventBus, client: Client, userId: number): Promise<Message[]> {
  const message = `barrier ${++barriers}`;
  await bus.publish({
    kind: 'live',
    type: 'leave_status_notification',
    data: { message, type: 'success', user: { id: userId, name: 'Barrier' } },
    audience: { userIds: [userId] },
  });
  const arrived = await client.next(
    (m) => m.type === 'leave_status_notification' && (m.data as { message: string }).message === message,
  );
  return client.messages.slice(0, client.messages.indexOf(arrived));
}
