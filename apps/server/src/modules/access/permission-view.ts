import type { AccessPermission } from '@atrium/contract';
import type { permissionsOf } from './access.repository';

type PermissionRow = Awaited<ReturnType<typeof permissionsOf>>[number];

/** A permission as people see it on `today`: suspended, expired, not yet valid, or active. */
export function toAccessPermission(r: PermissionRow, today: string): AccessPermission {
  return {
    id: r.id,
    area_name: r.area_name,
    description: r.description,
    status:
      r.status === 'suspended'
        ? 'suspended'
        : r.valid_until && r.valid_until < today
          ? 'expired'
          : r.valid_from && r.valid_from > today
            ? 'pending'
            : 'active',
    granted_via: r.user_id !== null ? 'person' : 'department',
    valid_from: r.valid_from,
    valid_until: r.valid_until,
  };
}
