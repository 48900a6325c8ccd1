import type { TeamCounts, TeamMemberToday, TeamStatus } from '@atrium/contract';
import type { DayRow } from '../attendance/attendance.repository';
import type { DayCount } from '../attendance/day-page.repository';
import type { PassageRow } from './team.repository';

/** A listed person-day's standing today; an absence in a department whose day has not begun is not one yet. */
function statusOf(row: DayRow, notStarted: ReadonlySet<number>): TeamStatus {
  if (row.record_id !== null) return row.late ? 'late' : 'present';
  if (row.status === 'on_leave') return 'on_leave';
  return row.department_id !== null && notStarted.has(row.department_id) ? 'not_yet_in' : 'absent';
}

export function toTeamMember(
  row: DayRow,
  notStarted: ReadonlySet<number>,
  passage: PassageRow | undefined,
): TeamMemberToday {
  return {
    user_id: row.user_id,
    name: `${row.first_name} ${row.last_name}`,
    department_name: row.department_name,
    status: statusOf(row, notStarted),
    check_in_time: row.check_in_time?.toISOString() ?? null,
    check_out_time: row.check_out_time?.toISOString() ?? null,
    leave_type: row.leave_type,
    last_passage: passage
      ? { at: passage.last_at.toISOString(), action: passage.last_action, access_point: passage.access_point }
      : null,
  };
}

/**
 * The day's counts as the attendance list counts them: `present` every record (late ones too),
 * `absent` and `not_yet_in` together the list's absent, `on_leave` its on-leave rows.
 */
export function toTeamCounts(day: DayCount | undefined, late: number, notYetIn: number): TeamCounts {
  const absent = day?.absent ?? 0;
  const onLeave = day?.on_leave ?? 0;
  return {
    expected: (day?.scheduled_records ?? 0) + absent + onLeave,
    present: day?.records ?? 0,
    late,
    absent: absent - notYetIn,
    not_yet_in: notYetIn,
    on_leave: onLeave,
  };
}
