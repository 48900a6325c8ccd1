import type { PersonRow } from '@atrium/contract';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/Badge';
import { Table } from '@/components/ui/Table';
import { roleLabel } from '@/lib/roles';

/**
 * People in name order; each name opens the person's page. Below the md breakpoint each row
 * becomes a card (the same cells, stacked), so a phone never scrolls sideways.
 */
export function PeopleTable({ rows }: { rows: PersonRow[] }) {
  return (
    <Table
      caption="People in name order"
      framed
      stacked
      columns={['Name', 'Department', 'Employee No.', 'Badge No.', 'Role', 'Status']}
    >
      {rows.map((person) => (
        <tr
          key={person.id}
          data-testid="person-row"
          className="grid grid-cols-2 gap-x-3 gap-y-1 px-4 py-3 md:table-row md:px-0 md:py-0"
        >
          <td className="col-span-2 min-w-0 md:px-4 md:py-3">
            <Link
              to={`/settings/people/${person.id}`}
              className="font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {person.first_name} {person.last_name}
            </Link>
            <div className="truncate text-xs text-slate-500">{person.email}</div>
          </td>
          <td className="text-slate-700 md:px-4 md:py-3">{person.department_name ?? 'No department'}</td>
          <td className="text-right font-mono text-xs text-slate-600 md:px-4 md:py-3 md:text-left">
            <span className="md:sr-only">Employee </span>
            {person.employee_number}
          </td>
          <td className="font-mono text-xs text-slate-600 md:px-4 md:py-3">
            <span className="md:sr-only">Badge </span>
            {person.badge_number}
          </td>
          <td className="text-right md:px-4 md:py-3 md:text-left">
            <span className="text-slate-700">{roleLabel(person.role)}</span>
          </td>
          <td className="col-span-2 md:col-span-1 md:px-4 md:py-3">
            <Badge tone={person.active ? 'success' : 'neutral'}>
              {person.active ? 'Active' : 'Disabled'}
            </Badge>
          </td>
        </tr>
      ))}
    </Table>
  );
}
