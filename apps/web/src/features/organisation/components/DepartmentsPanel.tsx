import type { DepartmentSummary } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { QueryState } from '@/components/ui/QueryState';
import { departmentQueries } from '@/lib/queries/departments';
import { useSiteChoices } from '@/lib/site-choices';
import { departmentTree } from '../lib/department-tree';
import { DeleteDepartmentDialog, DepartmentNameDialog } from './DepartmentDialogs';
import { ManagersDialog } from './ManagersDialog';
import { ParentDialog } from './ParentDialog';

type Open =
  | { kind: 'add' }
  | { kind: 'rename' | 'managers' | 'parent' | 'delete'; department: DepartmentSummary }
  | null;

/** How far a sub-department is indented per level, capped so a deep tree still fits a phone. */
const indent = (depth: number) => ({ paddingInlineStart: `${Math.min(depth, 4) * 1.25}rem` });

const peopleText = (d: DepartmentSummary) => {
  const people = `${d.people} ${d.people === 1 ? 'person' : 'people'}`;
  const disabled = d.people - d.active_people;
  return disabled > 0 ? `${people} (${disabled} disabled)` : people;
};

/** Its managers in order (the first decides), or none. */
const managersText = (d: DepartmentSummary) =>
  d.managers.length > 0 ? d.managers.map((m) => m.name).join(', ') : 'none';

/**
 * The organisation's departments as a tree (those inside another under it, indented): their people,
 * managers and place; add, rename, set managers, set parent, delete.
 */
export function DepartmentsPanel() {
  const departments = useQuery(departmentQueries.summaries());
  const { several } = useSiteChoices();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle id="departments-title">Departments</CardTitle>
        <Button size="sm" onClick={() => setOpen({ kind: 'add' })}>
          Add Department
        </Button>
      </CardHeader>
      <CardContent>
        <QueryState
          query={departments}
          what="Departments"
          loading="Loading departments"
          isEmpty={(list) => list.length === 0}
          empty="No departments yet."
        >
          {(list) => (
            <ul aria-labelledby="departments-title" className="divide-y divide-slate-100">
              {departmentTree(list).map(({ department, depth, path }) => (
                <li
                  key={department.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-3"
                  style={indent(depth)}
                >
                  <div className="min-w-0">
                    <p className="font-medium break-words text-slate-900">
                      {depth > 0 ? (
                        <span aria-hidden="true" className="mr-1 text-slate-400">
                          ↳
                        </span>
                      ) : null}
                      {department.name}
                    </p>
                    <p className="text-sm text-slate-600">
                      {several ? `${department.site} · ` : ''}
                      {peopleText(department)} · Managers: {managersText(department)}
                      {path.length > 0 ? ` · Inside ${path.join(' > ')}` : ''}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setOpen({ kind: 'rename', department })}
                      aria-label={`Rename ${department.name}`}
                    >
                      Rename
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setOpen({ kind: 'managers', department })}
                      aria-label={`Set Managers of ${department.name}`}
                    >
                      Set Managers
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setOpen({ kind: 'parent', department })}
                      aria-label={`Set Parent of ${department.name}`}
                    >
                      Set Parent
                    </Button>
                    <Button
                      variant="danger"
                      size="sm"
                      onClick={() => setOpen({ kind: 'delete', department })}
                      aria-label={`Delete ${department.name}`}
                    >
                      Delete
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
      {open?.kind === 'add' ? <DepartmentNameDialog department={null} onClose={close} /> : null}
      {open?.kind === 'rename' ? <DepartmentNameDialog department={open.department} onClose={close} /> : null}
      {open?.kind === 'managers' ? <ManagersDialog department={open.department} onClose={close} /> : null}
      {open?.kind === 'parent' ? (
        <ParentDialog department={open.department} departments={departments.data ?? []} onClose={close} />
      ) : null}
      {open?.kind === 'delete' ? (
        <DeleteDepartmentDialog department={open.department} onClose={close} />
      ) : null}
    </Card>
  );
}
