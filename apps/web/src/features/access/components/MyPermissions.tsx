import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { Badge } from '@/components/ui/Badge';
import { DoorSchedules } from '@/components/ui/DoorSchedules';
import { QueryState } from '@/components/ui/QueryState';
import { calendarDateText } from '@/lib/dates';
import { myPermissionsQuery } from '../api/access-api';
import { capitalise, permissionTone } from '../lib/format';

const day = (iso: string) => calendarDateText(iso.slice(0, 10));

/** The areas I may enter, granted to me or through my department, each door with its hours. */
export function MyPermissions() {
  const permissions = useQuery(myPermissionsQuery());
  return (
    <QueryState
      query={permissions}
      what="Your access permissions are"
      isEmpty={(list) => list.length === 0}
      empty="No access areas assigned"
      emptyLook="card"
    >
      {(list) => (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Access permissions">
          {list.map((p) => (
            <li
              key={p.id}
              className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              data-testid="permission"
            >
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 className="font-medium text-slate-900">{p.area_name}</h2>
                  <Badge tone={permissionTone(p.status)}>{capitalise(p.status)}</Badge>
                </div>
                <p className="mt-1 text-sm text-slate-600">{p.description}</p>
                <DoorSchedules doors={p.doors} label={`Doors of ${p.area_name}`} className="mt-2" />
                <p className="mt-2 text-xs text-slate-500">
                  {p.granted_via === 'department' ? 'Through your department' : 'Granted to you'}
                  {p.valid_from || p.valid_until
                    ? ` · ${p.valid_from ? `from ${day(p.valid_from)}` : ''}${p.valid_from && p.valid_until ? ' ' : ''}${
                        p.valid_until ? `until ${day(p.valid_until)}` : ''
                      }`
                    : ''}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
