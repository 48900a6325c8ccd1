import type { TeamMemberToday } from '@atrium/contract';
import { Badge } from '@/components/ui/Badge';
import { Table } from '@/components/ui/Table';
import { passageText, TEAM_STATUS_LABEL, TEAM_STATUS_TONE } from '../lib/format';
import { InOutCells } from './TimeOrNone';

/**
 * One page of the team; below the md breakpoint each row becomes a card (the same cells,
 * stacked, the times labelled), so a phone never scrolls sideways.
 */
export function TeamMembers({ members, date }: { members: TeamMemberToday[]; date: string }) {
  return (
    <Table
      caption="Your team today"
      regionLabel="Team members"
      framed
      stacked
      columns={['Name', 'Department', 'Status', 'Check In', 'Check Out', 'Last Passage']}
    >
      {members.map((member) => (
        <tr
          key={member.user_id}
          data-testid="team-member"
          data-user-id={member.user_id}
          className="grid grid-cols-2 gap-x-3 gap-y-1 px-4 py-3 md:table-row md:px-0 md:py-0"
        >
          <th scope="row" className="text-left font-medium text-slate-900 md:px-4 md:py-3">
            {member.name}
          </th>
          <td className="text-right text-slate-700 md:px-4 md:py-3 md:text-left">
            {member.department_name ?? 'No department'}
          </td>
          <td className="col-span-2 md:col-span-1 md:px-4 md:py-3">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <Badge tone={TEAM_STATUS_TONE[member.status]}>{TEAM_STATUS_LABEL[member.status]}</Badge>
              {member.status === 'on_leave' && member.leave_type ? (
                <span className="text-xs text-slate-600">{member.leave_type}</span>
              ) : null}
            </div>
          </td>
          <InOutCells checkIn={member.check_in_time} checkOut={member.check_out_time} />
          <td className="col-span-2 text-slate-700 md:col-span-1 md:px-4 md:py-3">
            <span className="md:hidden">Last passage: </span>
            {member.last_passage ? (
              <time dateTime={member.last_passage.at}>{passageText(member.last_passage, date)}</time>
            ) : (
              passageText(null, date)
            )}
          </td>
        </tr>
      ))}
    </Table>
  );
}
