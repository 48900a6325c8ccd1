import type { TrafficDay } from '@atrium/contract';

/**
 * Daily Traffic Summary: a table that stays one row per day even at phone width (five short
 * numbers). Today's row says it is so far, so a low count is not read as a quiet day.
 */
export function TrafficTable({ rows, partialDay }: { rows: TrafficDay[]; partialDay: string | null }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">No days in this range.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="traffic-table">
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-600">
            <th scope="col" className="py-2 pr-2">
              Day
            </th>
            <th scope="col" className="py-2 pr-2 text-right">
              Entries
            </th>
            <th scope="col" className="py-2 pr-2 text-right">
              Passby
            </th>
            <th scope="col" className="py-2 pr-2 text-right">
              Walk-in Rate
            </th>
            <th scope="col" className="py-2 text-right">
              Exits
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.day} className="border-b border-slate-100">
              <th scope="row" className="py-2 pr-2 text-left font-medium text-slate-800">
                <time dateTime={r.day} className="whitespace-nowrap">
                  {r.day}
                </time>
                {r.day === partialDay ? (
                  <span className="block text-xs font-normal text-slate-600">today (so far)</span>
                ) : null}
              </th>
              <td className="py-2 pr-2 text-right tabular-nums">{r.entries}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{r.passby}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{r.walkInRate}%</td>
              <td className="py-2 text-right tabular-nums">{r.exits}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
