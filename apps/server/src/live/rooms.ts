import type { Audience } from '../core/events/bus';

export interface Member {
  userId: number;
  role: string;
  sessionId: string;
}

/** Whether a signed-in socket belongs to one of the rooms an event is addressed to. */
export function mayReceive(member: Member, audience: Audience): boolean {
  if (audience.admins && member.role === 'admin') return true;
  return audience.userIds?.includes(member.userId) ?? false;
}
