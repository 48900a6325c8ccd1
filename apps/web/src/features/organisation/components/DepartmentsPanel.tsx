import type { DepartmentSummary } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { QueryState } from '@/components/ui/QueryState';
import { departmentQueries } from '@/lib/queries/departments';
import { DeleteDepartmentDialog, DepartmentNameDialog } from './DepartmentDialogs';
import { ManagerDialog } from './ManagerDialog';

type Open = { kind: 'add' } | { kind: 'rename' | 'manager' | 'delete'; department: DepartmentSummary } | null;

const peopleText = (d: DepartmentSummary) => {
  const people = `${d.people} ${d.people === 1 ? 'person' : 'people'}`;
  const disabled = d.people - d.active_people;
  return disabled > 0 ? `${people} (${disabled} disabled)` : people;
};

/** The organisation's departments: their people and manager; add, rename, set manager, delete. */
export function DepartmentsPanel() {
  const departments = useQuery(departmentQueries.summaries());
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
              {list.map((department) => (
                <li key={department.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <div className="min-w-0">
                    <p className="font-medium break-words text-slate-900">{department.name}</p>
                    <p className="text-sm text-slate-600">
                      {peopleText(department)} · Manager: {department.manager_name ?? 'none'}
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
                      onClick={() => setOpen({ kind: 'manager', department })}
                      aria-label={`Set manager of ${department.name}`}
                    >
                      Set Manager
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
      {open?.kind === 'manager' ? <ManagerDialog department={open.department} onClose={close} /> : null}
      {open?.kind === 'delete' ? (
        <DeleteDepartmentDialog department={open.department} onClose={close} />
      ) : null}
    </Card>
  );
}
