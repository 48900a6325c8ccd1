import type { SessionRole } from '@atrium/contract';

/**
 * How a role reads on screen: a person's given role (admin, staff) or the one they act in, which
 * is manager while they manage a department.
 */
const ROLE_LABELS: Record<SessionRole, string> = { admin: 'Admin', manager: 'Manager', staff: 'Staff' };

export const roleLabel = (role: SessionRole): string => ROLE_LABELS[role];
