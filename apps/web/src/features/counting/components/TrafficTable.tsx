import type { TrafficDay } from '@atrium/contract';
import { Table } from '@/components/ui/Table';

const FIGURE = { align: 'right' } as const;

/**
 * Daily Traffic Summary: a table that stays one row per day even at phone width (five short
 * numbers). Today's row says it is so far, so a low count is not read as a quiet day.
 */
export function TrafficTable({ rows, partialDay }: { rows: TrafficDay[]; partialDay: string | null }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">No days in this range.</p>;
  return (
    <Table
      look="lined"
      testId="traffic-table"
      columns={[
        'Day',
        { label: 'Entries', ...FIGURE },
        { label: 'Passby', ...FIGURE },
        { label: 'Walk-in Rate', ...FIGURE },
        { label: 'Exits', ...FIGURE },
      ]}
    >
      {rows.map((r) => (
        <tr key={r.day}>
          <th scope="row" className="py-2 pr-3 text-left font-medium text-slate-800">
            <time dateTime={r.day} className="whitespace-nowrap">
              {r.day}
            </time>
            {r.day === partialDay ? (
              <span className="block text-xs font-normal text-slate-600">today (so far)</span>
            ) : null}
          </th>
          <td className="py-2 pr-3 text-right tabular-nums">{r.entries}</td>
          <td className="py-2 pr-3 text-right tabular-nums">{r.passby}</td>
          <td className="py-2 pr-3 text-right tabular-nums">{r.walkInRate}%</td>
          <td className="py-2 text-right tabular-nums">{r.exits}</td>
        </tr>
      ))}
    </Table>
  );
}
