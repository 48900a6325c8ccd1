import type { Department, Report, ReportColumn, ReportRow } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { useToast } from '@/components/ui/toast-context';
import { departmentsQuery } from '../api/reports-api';
import { SetManagerDialog } from './SetManagerDialog';

/**
 * The Department Report's manager cells for ReportTable (undefined for other reports). A row
 * names its department, and names are unique, so the row finds its department's id by name.
 */
export function useManagerCells(
  report: Report | null,
  onSaved: (department: string, managerName: string) => void,
) {
  const isDepartments = report?.type === 'department';
  const departments = useQuery({ ...departmentsQuery(), enabled: isDepartments });
  if (!isDepartments) return undefined;
  return (column: ReportColumn, row: ReportRow) => {
    if (column.key !== 'manager') return undefined;
    const name = String(row.department ?? '');
    return (
      <ManagerCell
        department={departments.data?.find((d) => d.name === name)}
        managerName={String(row.manager ?? '')}
        onSaved={(manager) => onSaved(name, manager)}
      />
    );
  };
}

/** A Department Report row's manager, with the admin's control to change it. */
export function ManagerCell({
  department,
  managerName,
  onSaved,
}: {
  /** Undefined while the departments load (the control waits for the department's id). */
  department: Department | undefined;
  managerName: string;
  onSaved: (managerName: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const toast = useToast();
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <span>{managerName || <span className="text-slate-500">None</span>}</span>
      {department && (
        <Button
          size="sm"
          variant="secondary"
          className="whitespace-nowrap print:hidden"
          aria-label={`Set manager of ${department.name}`}
          onClick={() => setOpen(true)}
        >
          Set manager
        </Button>
      )}
      {department && open && (
        <SetManagerDialog
          department={department}
          managerName={managerName}
          onClose={() => setOpen(false)}
          onSaved={(name) => {
            setOpen(false);
            onSaved(name);
            toast.success(
              name ? `${name} manages ${department.name}.` : `${department.name} has no manager now.`,
            );
          }}
        />
      )}
    </span>
  );
}
