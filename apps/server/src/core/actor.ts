import type { Action, SessionRole } from '@atrium/contract';

/** The signed-in person (or API token) on whose behalf a service function runs. */
export interface Actor {
  userId: number;
  role: SessionRole;
  sessionId: string;
  ip: string;
  /** A manager's reach: the departments they manage and every one below them. */
  teamDepartmentIds?: readonly number[];
  /** An administrator limited to these sites (site_admins); undefined for every site. */
  siteIds?: readonly number[];
  /**
   * Set when an API token acts rather than a person: it may do its scopes, organisation-wide, and
   * nothing else (core/policies.ts). `userId` is then whoever created it, for the audit trail.
   */
  token?: ApiTokenMark;
}

export interface ApiTokenMark {
  id: number;
  name: string;
  scopes: readonly Action[];
}

/** Checks API tokens (`atr_...`): the api-tokens module answers, the HTTP hook asks. */
export interface TokenAuthenticator {
  /** The token's actor; undefined when unknown, expired or revoked. Throws 429 past its rate. */
  authenticate(token: string, ip: string): Promise<Actor | undefined>;
  /** Records that a token was refused `scope` (or, with none, an endpoint closed to tokens). */
  refused(actor: Actor, refusal: { scope: Action | null; method: string; path: string }): Promise<void>;
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
