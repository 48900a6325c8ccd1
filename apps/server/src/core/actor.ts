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
