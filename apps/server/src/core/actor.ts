import type { Role } from '@atrium/contract';

/** The signed-in person on whose behalf a service function runs. */
export interface Actor {
  userId: number;
  role: Role;
  sessionId: string;
  ip: string;
  /** The person's department, for policies that reach a whole department. */
  departmentId?: number | null;
}

/**
 * Who a bearer token belongs to, and which sessions are still live: the auth module answers,
 * the HTTP hook and the live socket ask.
 */
export interface Authenticator {
  authenticate(token: string, ip: string): Promise<Actor | undefined>;
  /** The live ones of these sessions, with whose they are now (a role may have changed). */
  liveSessions(sessionIds: string[]): Promise<Map<string, Pick<Actor, 'userId' | 'role'>>>;
}
