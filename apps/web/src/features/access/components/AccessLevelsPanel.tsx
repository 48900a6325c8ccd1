import type { AccessLevel } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { DoorSchedules } from '@/components/ui/DoorSchedules';
import { QueryState } from '@/components/ui/QueryState';
import { counted } from '@/lib/plural';
import { accessLevelQueries } from '@/lib/queries/access-levels';
import { AccessLevelDialog } from './AccessLevelDialog';
import { DeleteLevelDialog } from './DeleteLevelDialog';
import { LevelGrantsPanel } from './LevelGrantsPanel';

type Open = { kind: 'edit'; level: AccessLevel | null } | { kind: 'delete'; level: AccessLevel } | null;

/** "2 departments, 1 person", or "Not granted" when nobody holds it. */
function grantsText(level: AccessLevel): string {
  if (level.department_grants + level.person_grants === 0) return 'Not granted';
  return [
    level.department_grants ? counted(level.department_grants, 'department') : '',
    level.person_grants ? counted(level.person_grants, 'person', 'people') : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * The organisation's access levels (admin): each a set of doors with their weekly hours, granted
 * to departments and people. What the door controllers are told who may pass, and when.
 */
export function AccessLevelsPanel() {
  const levels = useQuery(accessLevelQueries.list());
  const [open, setOpen] = useState<Open>(null);
  const [expanded, setExpanded] = useState<number | null>(null);

  return (
    <Card aria-labelledby="access-levels-title">
      <CardHeader className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <CardTitle id="access-levels-title">Access levels</CardTitle>
          <p className="mt-1 text-sm text-slate-600">
            Doors and the hours they open, granted to departments and people. The door controllers receive
            them within moments.
          </p>
        </div>
        <Button size="sm" onClick={() => setOpen({ kind: 'edit', level: null })}>
          <Plus aria-hidden="true" className="size-4" />
          Add access level
        </Button>
      </CardHeader>
      <CardContent>
        <QueryState
          query={levels}
          what="Access levels are"
          isEmpty={(list) => list.length === 0}
          empty="No access levels yet: add one to give people doors."
        >
          {(list) => (
            <ul aria-labelledby="access-levels-title" className="divide-y divide-slate-100">
              {list.map((level) => {
                const isOpen = expanded === level.id;
                return (
                  <li key={level.id} className="space-y-3 py-4" data-testid="access-level">
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div className="min-w-0 flex-1 basis-64">
                        <h3 className="font-medium break-words text-slate-900">{level.name}</h3>
                        {level.description ? (
                          <p className="text-sm break-words text-slate-600">{level.description}</p>
                        ) : null}
                        <DoorSchedules
                          doors={level.doors}
                          label={`Doors of ${level.name}`}
                          className="mt-2"
                        />
                      </div>
                      <div className="flex flex-wrap gap-2">
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => setOpen({ kind: 'edit', level })}
                          aria-label={`Edit ${level.name}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="sm"
                          variant="danger"
                          onClick={() => setOpen({ kind: 'delete', level })}
                          aria-label={`Delete ${level.name}`}
                        >
                          Delete
                        </Button>
                      </div>
                    </div>
                    <button
                      type="button"
                      className="flex items-center gap-1 rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                      aria-expanded={isOpen}
                      aria-controls={`level-grants-${level.id}`}
                      onClick={() => setExpanded(isOpen ? null : level.id)}
                    >
                      {isOpen ? (
                        <ChevronDown aria-hidden="true" className="size-4" />
                      ) : (
                        <ChevronRight aria-hidden="true" className="size-4" />
                      )}
                      Grants: <span data-testid="level-grant-count">{grantsText(level)}</span>
                      <span className="sr-only"> of {level.name}</span>
                    </button>
                    {isOpen ? (
                      <div id={`level-grants-${level.id}`}>
                        <LevelGrantsPanel level={level} />
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </CardContent>
      {open?.kind === 'edit' ? <AccessLevelDialog level={open.level} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'delete' ? (
        <DeleteLevelDialog level={open.level} onClose={() => setOpen(null)} />
      ) : null}
    </Card>
  );
}
