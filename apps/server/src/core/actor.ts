import type { SessionRole } from '@atrium/contract';

/** The signed-in person on whose behalf a service function runs. */
export interface Actor {
  userId: number;
  role: SessionRole;
  sessionId: string;
  ip: string;
  /** A manager's reach: the departments they manage and every one below them. */
  teamDepartmentIds?: readonly number[];
}

/**
 * Who a bearer token belongs to, and which sessions are still live: the auth module answers,
 * the HTTP hook and the live socket ask.
 */
export interface Authenticator {
  authenticate(token: string, ip: string): Promise<Actor | undefined>;
  /** The live ones of these sessions, with whose they are now (a role may have changed). */
  liveSessions(sessionIds: string[]): Promise<Map<string, Pick<Actor, 'userId' | 'role'>>>;
  /** The people of a manager's team (the departments they manage and those below them); none for anyone else. */
  teamOf(userId: number): Promise<number[]>;
}
