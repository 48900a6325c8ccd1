import type { AccessGrant, AccessLevel } from '@atrium/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Building2, Plus, User } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { GrantActions } from '@/components/ui/GrantActions';
import { LoadMore } from '@/components/ui/LoadMore';
import { QueryState } from '@/components/ui/QueryState';
import { calendarDateText } from '@/lib/dates';
import { accessLevelQueries } from '@/lib/queries/access-levels';
import { AddGrantDialog } from './AddGrantDialog';

const grantee = (grant: AccessGrant) =>
  grant.department_id !== null
    ? (grant.department_name ?? 'A department')
    : (grant.person_name ?? 'A person');

/** "from 1 Jan 2026 until 31 Mar 2026", or nothing when the grant has no dates. */
export function validityText(grant: Pick<AccessGrant, 'valid_from' | 'valid_until'>): string {
  const parts = [
    grant.valid_from ? `from ${calendarDateText(grant.valid_from.slice(0, 10))}` : '',
    grant.valid_until ? `until ${calendarDateText(grant.valid_until.slice(0, 10))}` : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/** Whether a grant applies today: suspended, outside its dates, or in effect. */
function grantBadge(grant: AccessGrant) {
  if (grant.status === 'suspended') return <Badge tone="warning">Suspended</Badge>;
  if (!grant.effective) return <Badge tone="neutral">Not in effect today</Badge>;
  return <Badge tone="success">Active</Badge>;
}

/** Who holds a level: its grants a keyset page at a time, each to suspend, reactivate or revoke. */
export function LevelGrantsPanel({ level }: { level: AccessLevel }) {
  const grants = useInfiniteQuery(accessLevelQueries.grants({ level_id: level.id }));
  const [adding, setAdding] = useState(false);

  return (
    <div className="space-y-3 rounded-lg bg-slate-50 p-3" data-testid="level-grants">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-slate-900">Grants of {level.name}</h4>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setAdding(true)}
          aria-label={`Add grant to ${level.name}`}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add grant
        </Button>
      </div>
      <QueryState
        query={grants}
        what="Grants are"
        keepDataOnError
        loadingClassName="justify-start"
        isEmpty={(data) => data.pages[0]?.grants.length === 0}
        empty="Not granted to anyone yet."
      >
        {(data) => (
          <>
            <ul className="divide-y divide-slate-200" aria-label={`Grants of ${level.name}`}>
              {data.pages.flatMap((page) =>
                page.grants.map((grant) => (
                  <li
                    key={grant.id}
                    className="flex flex-wrap items-center justify-between gap-2 py-2"
                    data-testid="level-grant"
                  >
                    <div className="flex min-w-0 items-start gap-2">
                      {grant.department_id !== null ? (
                        <Building2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                      ) : (
                        <User aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                      )}
                      <div className="min-w-0">
                        <p className="text-sm font-medium break-words text-slate-900">
                          {grantee(grant)}
                          <span className="sr-only">
                            {grant.department_id !== null ? ' (department)' : ' (person)'}
                          </span>
                        </p>
                        <p className="text-xs text-slate-600">
                          {grant.department_id !== null ? 'Everyone in the department' : 'One person'}
                          {validityText(grant) ? ` · ${validityText(grant)}` : ''}
                        </p>
                      </div>
                    </div>
                    <div className="flex flex-wrap items-center gap-2">
                      {grantBadge(grant)}
                      <GrantActions
                        grantId={grant.id}
                        suspended={grant.status === 'suspended'}
                        subject={`${level.name} for ${grantee(grant)}`}
                      />
                    </div>
                  </li>
                )),
              )}
            </ul>
            <LoadMore pages={grants} what="More grants are" size="sm" className="text-center" />
          </>
        )}
      </QueryState>
      {adding ? <AddGrantDialog level={level} onClose={() => setAdding(false)} /> : null}
    </div>
  );
}
