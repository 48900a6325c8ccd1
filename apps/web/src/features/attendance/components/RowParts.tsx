import type { AttendanceRecord } from '@atrium/contract';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';

export interface RowHandlers {
  onEdit: (row: AttendanceRecord) => void;
  onView: (row: AttendanceRecord) => void;
  onDelete: (row: AttendanceRecord) => void;
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
