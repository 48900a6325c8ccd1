import { JoinMessage, type LiveMessage } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { EventBus } from '../events/bus';
import type { AuthService } from '../modules/auth/auth.service';
import { type Member, mayReceive } from './rooms';

export const AUTH_TIMEOUT_MS = 5000;
/** Close codes the web client acts on: sign in again, or just reconnect. */
export const CLOSE_UNAUTHENTICATED = 4401;
export const CLOSE_SESSION_ENDED = 4403;

interface Connection {
  member: Member | undefined;
  alive: boolean;
}

const send = (socket: WebSocket, message: LiveMessage) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
};

/**
 * /ws: a socket joins no room until its first message proves who it is with an access token;
 * the token's user decides the rooms, never the userId the client claims.
 */
export function registerLiveSocket(
  app: FastifyInstance,
  deps: { auth: AuthService; bus: EventBus; heartbeatMs: number },
): void {
  const connections = new Map<WebSocket, Connection>();

  const unsubscribe = deps.bus.subscribe((event) => {
    for (const [socket, connection] of connections) {
      const member = connection.member;
      if (!member) continue;
      if (event.kind === 'session_ended') {
        if (event.sessionIds.includes(member.sessionId)) socket.close(CLOSE_SESSION_ENDED, 'session ended');
      } else if (mayReceive(member, event.audience)) {
        send(socket, { type: event.type, data: event.data } as LiveMessage);
      }
    }
  });

  // A socket that missed a whole heartbeat period without answering a ping is gone.
  const heartbeat = setInterval(() => {
    for (const [socket, connection] of connections) {
      if (!connection.alive) {
        socket.terminate();
        continue;
      }
      connection.alive = false;
      socket.ping();
    }
  }, deps.heartbeatMs);
  heartbeat.unref();

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    unsubscribe();
  });

  app.get('/ws', { websocket: true, config: { public: true } }, (socket, request) => {
    const connection: Connection = { member: undefined, alive: true };
    connections.set(socket, connection);
    const authTimer = setTimeout(() => {
      if (!connection.member) socket.close(CLOSE_UNAUTHENTICATED, 'authentication required');
    }, AUTH_TIMEOUT_MS);

    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('close', () => {
      clearTimeout(authTimer);
      connections.delete(socket);
    });
    socket.on('message', async (raw) => {
      connection.alive = true;
      if (connection.member) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString());
      } catch {
        parsed = undefined;
      }
      const join = JoinMessage.safeParse(parsed);
      const actor = join.success
        ? await deps.auth.authenticate(join.data.token, request.ip).catch(() => undefined)
        : undefined;
      if (!actor) {
        send(socket, { type: 'auth_error', data: { message: 'Invalid or expired token' } });
        socket.close(CLOSE_UNAUTHENTICATED, 'invalid token');
        return;
      }
      clearTimeout(authTimer);
      connection.member = { userId: actor.userId, role: actor.role, sessionId: actor.sessionId };
      send(socket, { type: 'joined', data: { userId: actor.userId, role: actor.role } });
    });
  });
}
