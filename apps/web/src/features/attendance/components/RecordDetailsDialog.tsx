import type { AttendanceRecord } from '@atrium/contract';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { QueryState } from '@/components/ui/QueryState';
import { ATTENDANCE_STATUS_LABEL, ATTENDANCE_STATUS_TONE } from '@/lib/attendance-status';
import { useAttendanceList } from '../api/attendance-api';
import { addDays } from '../lib/calendar';
import { dayText, formatDate } from '../lib/format';

/** Days of history the details view shows, ending on the row's date. */
const RECENT_DAYS = 14;

export function RecordDetailsDialog({
  record,
  onClose,
}: {
  record: AttendanceRecord | null;
  onClose: () => void;
}) {
  const recent = useAttendanceList(
    {
      userId: record?.user_id,
      startDate: record ? addDays(record.date, -(RECENT_DAYS - 1)) : undefined,
      endDate: record?.date,
      pageSize: RECENT_DAYS,
    },
    record !== null,
  );
  if (!record) return null;
  return (
    <Dialog
      open
      onClose={onClose}
      title={`${record.first_name} ${record.last_name}`}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <p className="mb-3 text-sm text-slate-600">
        {record.email} · {record.department_name ?? 'N/A'} · last {RECENT_DAYS} days
      </p>
      <QueryState
        query={recent}
        what="Recent days are"
        isEmpty={(data) => data.attendance.length === 0}
        empty="No attendance records found for the selected criteria."
      >
        {({ attendance }) => (
          <ul className="divide-y divide-slate-100 text-sm" data-testid="recent-days">
            {attendance.map((day) => (
              <li key={day.date} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="font-medium text-slate-800">{formatDate(day.date)}</span>
                <span className="text-slate-600">{dayText(day)}</span>
                <span className="flex gap-1">
                  <Badge tone={ATTENDANCE_STATUS_TONE[day.attendance_status]}>
                    {ATTENDANCE_STATUS_LABEL[day.attendance_status]}
                  </Badge>
                  {day.late ? <Badge tone="warning">Late</Badge> : null}
                  {day.source && day.source !== 'web' ? <Badge>{day.source}</Badge> : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Dialog>
  );
}
