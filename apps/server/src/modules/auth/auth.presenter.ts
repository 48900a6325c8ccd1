import type { Profile, SessionInfo, SessionRole, User } from '@atrium/contract';
import type { DomainEvent } from '../../core/events/bus';
import type { LiveSessionRow, ProfileRow } from './account.repository';
import type { PublicUserRow } from './auth.repository';
import { describeUserAgent } from './user-agent';

/** The signed-in person, as login and /auth/me answer. */
export const toUser = (row: PublicUserRow): User => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  email: row.email,
  role: row.role as SessionRole,
  department_id: row.department_id,
  department_name: row.department_name,
});

/** Their own details, for the profile page. */
export const toProfile = (row: ProfileRow): Profile => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  email: row.email,
  employee_number: row.employee_number,
  badge_number: row.badge_number,
  role: row.role as SessionRole,
  department_name: row.department_name,
  start_date: row.start_date,
});

/** One of their live sessions: the browser and system in words, and whether it is this one. */
export const toSessionInfo = (row: LiveSessionRow, currentSessionId: string): SessionInfo => ({
  id: row.id,
  created_at: row.created_at.toISOString(),
  expires_at: row.expires_at.toISOString(),
  ip: row.ip,
  ...describeUserAgent(row.user_agent),
  current: row.id === currentSessionId,
});

/** Sessions that ended: every process closes their sockets and drops their cached tokens. */
export const sessionEndedEvent = (sessionIds: string[]): DomainEvent => ({
  kind: 'session_ended',
  sessionIds,
});
