import { JoinMessage, type LiveMessage, type SessionRole } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import type { WebSocket } from 'ws';
import type { Authenticator } from '../core/actor';
import type { Now } from '../core/clock';
import type { DomainEvent, EventBus } from '../core/events/bus';
import { type Member, mayReceive } from './rooms';

export const AUTH_TIMEOUT_MS = 5000;
/** More missed events than this, and the client is told to reload rather than sent them all. */
export const REPLAY_LIMIT = 1000;
/** Close codes the web client acts on: sign in again, or just reconnect. */
export const CLOSE_UNAUTHENTICATED = 4401;
export const CLOSE_SESSION_ENDED = 4403;
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

interface Connection {
  member: Member | undefined;
  alive: boolean;
  /** The seq of the last logged event sent (or of the joined message): where the client stands. */
  seq: number;
  /** Events that arrived while the missed ones were being replayed, sent after them. */
  held?: { event: DomainEvent; seq: number }[];
  /** Closes the socket when the access token it joined with expires. */
  expiry?: ReturnType<typeof setTimeout>;
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
  deps: {
    auth: Authenticator;
    bus: EventBus;
    /** The organisation's clock, on which access tokens are issued and expire. */
    now: Now;
    heartbeatMs: number;
    /** How long a socket may stay open without joining; AUTH_TIMEOUT_MS unless given (tests shorten it). */
    authTimeoutMs?: number;
    /** How often the sessions behind joined sockets are re-checked; the heartbeat period by default. */
    sessionCheckMs?: number;
  },
): void {
  const connections = new Map<WebSocket, Connection>();

  /** An event for a joined socket, or held for it while it catches up or its standing is re-read. */
  const offer = (socket: WebSocket, connection: Connection, event: DomainEvent, seq: number) => {
    if (connection.held) connection.held.push({ event, seq });
    else deliver(socket, connection, event, seq);
  };

  const deliver = (socket: WebSocket, connection: Connection, event: DomainEvent, seq: number) => {
    const member = connection.member!;
    if (event.kind === 'session_ended') {
      if (event.sessionIds.includes(member.sessionId)) socket.close(CLOSE_SESSION_ENDED, 'session ended');
    } else if (event.kind === 'users_changed') {
      if (event.userIds.includes(member.userId)) void restand(socket, connection);
    } else if (event.kind === 'live' && mayReceive(member, event.audience)) {
      connection.seq = seq;
      send(socket, { type: event.type, data: event.data, seq } as LiveMessage);
    }
  };

  /** The session's standing now: closed when it ended, told its new role when that changed. */
  const apply = (socket: WebSocket, connection: Connection, now: { role: string } | undefined) => {
    const member = connection.member!;
    if (!now) socket.close(CLOSE_SESSION_ENDED, 'session ended');
    else if (now.role !== member.role) {
      member.role = now.role;
      send(socket, {
        type: 'joined',
        data: { userId: member.userId, role: now.role as SessionRole, seq: connection.seq },
      });
    }
  };

  /** A manager's socket hears of their team's people: who those are is read again with the standing. */
  const readTeam = async (member: Member) => {
    member.team = member.role === 'manager' ? new Set(await deps.auth.teamOf(member.userId)) : undefined;
  };

  /**
   * The person's standing changed (a new role, disabled, a team): what arrives meanwhile is held
   * until their session is read again, so a demoted admin's or manager's socket gets no admin or
   * team event after the change, not only from the next periodic check on.
   */
  const restand = async (socket: WebSocket, connection: Connection) => {
    connection.held ??= [];
    try {
      const live = await deps.auth.liveSessions([connection.member!.sessionId]);
      apply(socket, connection, live.get(connection.member!.sessionId));
      await readTeam(connection.member!);
    } catch (error) {
      // The database is away: nothing is sent meanwhile, and the periodic check tries again.
      app.log.warn({ err: error }, 'live: could not re-read a changed session');
      socket.close(CLOSE_SESSION_ENDED, 'session could not be checked');
    }
    const held = connection.held ?? [];
    connection.held = undefined;
    for (const { event, seq } of held) offer(socket, connection, event, seq);
  };

  const unsubscribe = deps.bus.subscribe((event, seq) => {
    for (const [socket, connection] of connections) {
      if (connection.member) offer(socket, connection, event, seq);
    }
  });

  /**
   * Sends a joining socket what it missed since `since` (or `reload`), then `joined` with where
   * its stream stands, then what arrived meanwhile: every event once, in the log's order.
   */
  const catchUp = async (socket: WebSocket, connection: Connection, since: number | undefined) => {
    const member = connection.member!;
    const upTo = deps.bus.head();
    connection.held = [];
    if (since !== undefined) {
      const missed = await deps.bus
        .replay(
          since,
          upTo,
          { userId: member.userId, admin: member.role === 'admin', team: [...(member.team ?? [])] },
          REPLAY_LIMIT,
        )
        .catch((error) => {
          app.log.warn({ err: error }, 'live: could not replay missed events');
          return 'gone' as const;
        });
      if (missed === 'gone') send(socket, { type: 'reload', data: {} });
      else for (const { event, seq } of missed.events) deliver(socket, connection, event, seq);
    }
    connection.seq = upTo.seq;
    send(socket, {
      type: 'joined',
      data: { userId: member.userId, role: member.role as SessionRole, seq: upTo.seq },
    });
    // A standing re-read during the catch-up may have flushed what was held already.
    const held = connection.held ?? [];
    connection.held = undefined;
    for (const { event, seq } of held) offer(socket, connection, event, seq);
  };

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

  // A session can end with no event logged (its absolute lifetime), and a role can change: one query per period re-checks every joined socket.
  let checking = false;
  const recheckSessions = async () => {
    const joined = [...connections].filter(([, c]) => c.member);
    if (checking || joined.length === 0) return;
    checking = true;
    try {
      const live = await deps.auth.liveSessions([...new Set(joined.map(([, c]) => c.member!.sessionId))]);
      for (const [socket, connection] of joined)
        apply(socket, connection, live.get(connection.member!.sessionId));
      // People move between departments with no event to the manager: their teams are read again.
      for (const [, connection] of joined)
        if (connection.member!.role === 'manager') await readTeam(connection.member!);
    } catch (error) {
      app.log.warn({ err: error }, 'live: could not re-check sessions');
    } finally {
      checking = false;
    }
  };
  const sessionCheck = setInterval(() => void recheckSessions(), deps.sessionCheckMs ?? deps.heartbeatMs);
  sessionCheck.unref();

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
    unsubscribe();
  });

  app.get('/ws', { websocket: true, config: { public: true } }, (socket, request) => {
    const connection: Connection = { member: undefined, alive: true, seq: 0 };
    connections.set(socket, connection);
    const authTimer = setTimeout(() => {
      if (!connection.member) socket.close(CLOSE_UNAUTHENTICATED, 'authentication required');
    }, deps.authTimeoutMs ?? AUTH_TIMEOUT_MS);

    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('close', () => {
      clearTimeout(authTimer);
      clearTimeout(connection.expiry);
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
      const member: Member = { userId: actor.userId, role: actor.role, sessionId: actor.sessionId };
      // Read before the socket joins: nothing may reach it ahead of its catch-up.
      await readTeam(member).catch((error) => app.log.warn({ err: error }, 'live: could not read a team'));
      if (socket.readyState !== socket.OPEN) return;
      clearTimeout(authTimer);
      connection.member = member;
      // The socket lives as long as its token: at expiry the client renews it and joins again.
      const exp = decodeJwt(join.data!.token).exp;
      if (exp !== undefined) {
        connection.expiry = setTimeout(
          () => socket.close(CLOSE_UNAUTHENTICATED, 'token expired'),
          // setTimeout fires at once past 2^31 - 1 ms (~24.8 days); closing early only makes the client rejoin.
          Math.min(MAX_TIMEOUT_MS, Math.max(0, exp * 1000 - deps.now().getTime())),
        );
      }
      await catchUp(socket, connection, join.data!.since);
    });
  });
}
