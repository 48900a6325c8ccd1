import type { AttendanceRecord } from '@atrium/contract';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { STATUS_LABEL, STATUS_TONE } from '../lib/format';

export interface RowHandlers {
  onEdit: (row: AttendanceRecord) => void;
  onView: (row: AttendanceRecord) => void;
  onDelete: (row: AttendanceRecord) => void;
}

/** Status with the flags that explain it; shared by the table and the phone cards. */
export function StatusBadges({ row }: { row: AttendanceRecord }) {
  return (
    <div className="flex flex-wrap gap-1">
      <Badge tone={STATUS_TONE[row.attendance_status]}>{STATUS_LABEL[row.attendance_status]}</Badge>
      {row.leave_type ? <span className="text-xs text-slate-600">{row.leave_type}</span> : null}
      {row.late ? <Badge tone="warning">Late</Badge> : null}
      {row.early_exit ? <Badge tone="info">Early exit</Badge> : null}
      {row.forgotten_checkout ? <Badge tone="danger">No check-out</Badge> : null}
    </div>
  );
}

/** Edit and Delete exist only for stored records; an absent day has none to change. */
export function RowActions({
  row,
  onEdit,
  onView,
  onDelete,
  className,
}: RowHandlers & { row: AttendanceRecord; className?: string }) {
  const name = `${row.first_name} ${row.last_name}`;
  return (
    <div className={cn('flex gap-1', className)}>
      {row.id !== null ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => onEdit(row)}
          aria-label={`Edit ${name} on ${row.date}`}
        >
          Edit
        </Button>
      ) : null}
      <Button size="sm" variant="ghost" onClick={() => onView(row)} aria-label={`View details of ${name}`}>
        View Details
      </Button>
      {row.id !== null ? (
        <Button
          size="sm"
          variant="ghost"
          className="text-red-700 hover:bg-red-50"
          onClick={() => onDelete(row)}
          aria-label={`Delete ${name} on ${row.date}`}
        >
          Delete
        </Button>
      ) : null}
    </div>
  );
}
