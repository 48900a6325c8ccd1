import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { Badge } from '@/components/ui/Badge';
import { Card, CardContent } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { Unavailable } from '@/components/ui/Unavailable';
import { calendarDateText } from '@/lib/dates';
import { myPermissionsQuery } from '../api/access-api';
import { capitalise, permissionTone } from '../lib/format';

const day = (iso: string) => calendarDateText(iso.slice(0, 10));

/** The areas I may enter, granted to me or through my department. */
export function MyPermissions() {
  const permissions = useQuery(myPermissionsQuery());
  if (permissions.isError)
    return <Unavailable what="Your access permissions are" onRetry={() => void permissions.refetch()} />;
  if (!permissions.data) return <Spinner />;
  if (permissions.data.length === 0)
    return (
      <Card>
        <CardContent className="py-10 text-center text-sm text-slate-600">
          No access areas assigned
        </CardContent>
      </Card>
    );
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label="Access permissions">
      {permissions.data.map((p) => (
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
  );
}
