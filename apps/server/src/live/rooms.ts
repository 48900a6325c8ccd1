import type { Audience } from '../core/events/bus';

export interface Member {
  userId: number;
  role: string;
  sessionId: string;
  /** A manager's team: the people of the departments they manage and those below them. */
  team?: ReadonlySet<number>;
}

/** Whether a signed-in socket belongs to one of the rooms an event is addressed to. */
export function mayReceive(member: Member, audience: Audience): boolean {
  if (audience.admins && member.role === 'admin') return true;
  if (audience.userIds?.includes(member.userId)) return true;
  const team = member.team;
  return Boolean(audience.team && team && audience.userIds?.some((id) => team.has(id)));
}
