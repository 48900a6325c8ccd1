import type { AccessPermission } from '@atrium/contract';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { DoorSchedules } from '@/components/ui/DoorSchedules';
import { GrantActions } from '@/components/ui/GrantActions';
import { calendarDateText } from '@/lib/dates';
import { GrantAccessDialog } from './GrantAccessDialog';

const PERMISSION_TONE = {
  active: 'success',
  suspended: 'danger',
  expired: 'neutral',
  pending: 'info',
} as const;

const day = (date: string) => calendarDateText(date.slice(0, 10));

/** "Granted to them · from … until …", or "Via department" for what their department holds. */
function originText(p: AccessPermission): string {
  const dates = [
    p.valid_from ? `from ${day(p.valid_from)}` : '',
    p.valid_until ? `until ${day(p.valid_until)}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return `${p.granted_via === 'department' ? 'Via department' : 'Granted to them'}${dates ? ` · ${dates}` : ''}`;
}

/**
 * The person's access levels: their own grants, to suspend or revoke here, and their department's,
 * read-only (they change on the organisation's access levels). A permission's id is its grant's.
 */
export function PersonAccessSection({
  person,
  permissions,
}: {
  person: { id: number; name: string };
  permissions: AccessPermission[];
}) {
  const ids = useId();
  const [granting, setGranting] = useState(false);
  return (
    <Card aria-labelledby={`${ids}-title`}>
      <CardHeader className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id={`${ids}-title`}>Access Permissions</CardTitle>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setGranting(true)}
          aria-label={`Grant access to ${person.name}`}
        >
          Grant access
        </Button>
      </CardHeader>
      <CardContent>
        {permissions.length === 0 ? (
          <p className="text-sm text-slate-600">No access permissions.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" aria-labelledby={`${ids}-title`}>
            {permissions.map((p) => (
              <li key={p.id} className="space-y-2 py-3" data-testid="person-permission">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <span className="min-w-0">
                    <span className="font-medium break-words text-slate-900">{p.area_name}</span>
                    <span className="block text-xs text-slate-600">{originText(p)}</span>
                  </span>
                  <Badge tone={PERMISSION_TONE[p.status]} className="capitalize">
                    {p.status}
                  </Badge>
                </div>
                <DoorSchedules doors={p.doors} label={`Doors of ${p.area_name}`} />
                {p.granted_via === 'person' ? (
                  <GrantActions
                    grantId={p.id}
                    suspended={p.status === 'suspended'}
                    subject={`${p.area_name} for ${person.name}`}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {granting ? <GrantAccessDialog person={person} onClose={() => setGranting(false)} /> : null}
    </Card>
  );
}
