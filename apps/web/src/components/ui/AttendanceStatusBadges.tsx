import type { AttendanceRecord } from '@atrium/contract';
import { ATTENDANCE_STATUS_LABEL, ATTENDANCE_STATUS_TONE } from '@/lib/attendance-status';
import { Badge } from './Badge';

/** A person-day's status with the flags that explain it: the admin table, its phone cards and My Team. */
export function AttendanceStatusBadges({
  row,
}: {
  row: Pick<
    AttendanceRecord,
    'attendance_status' | 'leave_type' | 'late' | 'early_exit' | 'forgotten_checkout'
  >;
}) {
  return (
    <div className="flex flex-wrap gap-1">
      <Badge tone={ATTENDANCE_STATUS_TONE[row.attendance_status]}>
        {ATTENDANCE_STATUS_LABEL[row.attendance_status]}
      </Badge>
      {row.leave_type ? <span className="text-xs text-slate-600">{row.leave_type}</span> : null}
      {row.late ? <Badge tone="warning">Late</Badge> : null}
      {row.early_exit ? <Badge tone="info">Early exit</Badge> : null}
      {row.forgotten_checkout ? <Badge tone="danger">No check-out</Badge> : null}
    </div>
  );
}
