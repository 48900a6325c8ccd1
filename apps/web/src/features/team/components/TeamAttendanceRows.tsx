import type { AttendanceRecord } from '@atrium/contract';
import { AttendanceStatusBadges } from '@/components/ui/AttendanceStatusBadges';
import { Table } from '@/components/ui/Table';
import { InOutCells } from './TimeOrNone';

/**
 * A page of the team's person-days; below the md breakpoint each row becomes a card (the same
 * cells, stacked, the times labelled), so a phone never scrolls sideways.
 */
export function TeamAttendanceRows({ rows }: { rows: AttendanceRecord[] }) {
  return (
    <Table
      caption="Your team's attendance"
      regionLabel="Team attendance records"
      framed
      stacked
      columns={['Name', 'Department', 'Status', 'Check In', 'Check Out', 'Hours']}
    >
      {rows.map((row) => (
        <tr
          key={`${row.user_id}-${row.date}`}
          data-testid="team-attendance-row"
          data-user-id={row.user_id}
          className="grid grid-cols-2 gap-x-3 gap-y-1 px-4 py-3 md:table-row md:px-0 md:py-0"
        >
          <th scope="row" className="text-left font-medium text-slate-900 md:px-4 md:py-3">
            {row.first_name} {row.last_name}
          </th>
          <td className="text-right text-slate-700 md:px-4 md:py-3 md:text-left">
            {row.department_name ?? 'No department'}
          </td>
          <td className="col-span-2 md:col-span-1 md:px-4 md:py-3">
            <AttendanceStatusBadges row={row} />
          </td>
          <InOutCells checkIn={row.check_in_time} checkOut={row.check_out_time} />
          <td className="col-span-2 text-slate-700 md:col-span-1 md:px-4 md:py-3">
            <span className="md:hidden">Hours: </span>
            {row.hours === null ? '—' : row.hours.toFixed(1)}
          </td>
        </tr>
      ))}
    </Table>
  );
}
