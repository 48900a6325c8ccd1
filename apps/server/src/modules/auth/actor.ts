import type { Role } from '@atrium/contract';
import { forbidden } from '../../errors';

/** The signed-in person on whose behalf a service function runs. */
export interface Actor {
  userId: number;
  role: Role;
  sessionId: string;
  ip: string;
}

export const isAdmin = (actor: Actor) => actor.role === 'admin';

export function requireAdmin(actor: Actor): void {
  if (!isAdmin(actor)) throw forbidden('Only administrators can do this');
}
