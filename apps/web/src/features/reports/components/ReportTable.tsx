import type { Report, ReportColumn, ReportRow } from '@atrium/contract';
import { useMemo, useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/Badge';
import { Pagination } from '@/components/ui/Pagination';
import { Table } from '@/components/ui/Table';

const PAGE_SIZE = 25;
const EFFICIENCY_TONES: Record<string, BadgeTone> = {
  Excellent: 'success',
  High: 'info',
  Good: 'warning',
  Average: 'neutral',
};

function shown(column: ReportColumn, value: string | number | null | undefined) {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number')
    return column.kind === 'percent' ? `${value.toFixed(1)}%` : value.toLocaleString('en-GB');
  if (column.key === 'efficiency') return <Badge tone={EFFICIENCY_TONES[value] ?? 'neutral'}>{value}</Badge>;
  return value;
}

/**
 * The report's table: searchable, sortable by any column, paginated; cards on phones.
 */
export function ReportTable({ report }: { report: Report }) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ key: string; desc: boolean } | null>(null);
  const [page, setPage] = useState(1);
  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const found = needle
      ? report.rows.filter((r) =>
          Object.values(r).some((v) => typeof v === 'string' && v.toLowerCase().includes(needle)),
        )
      : report.rows;
    if (!sort) return found;
    return [...found].sort((a, b) => {
      const x = a[sort.key] ?? '';
      const y = b[sort.key] ?? '';
      const order =
        typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return sort.desc ? -order : order;
    });
  }, [report.rows, search, sort]);
  const visible = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const [first, ...rest] = report.columns;
  const cell = (column: ReportColumn, row: ReportRow) => shown(column, row[column.key]);

  return (
    <div>
      <label className="mb-3 block max-w-sm text-sm font-medium text-slate-700 print:hidden">
        Search
        <input
          type="search"
          className="mt-1 block min-h-10 w-full rounded-md border border-slate-300 px-2 text-sm"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </label>
      <Table
        look="lined"
        className="hidden md:table print:table"
        wrapperClassName="print:overflow-visible"
        columns={report.columns.map((c) => ({
          label: c.label,
          sort: sort?.key === c.key ? (sort.desc ? 'descending' : 'ascending') : 'none',
          content: (
            <button
              type="button"
              className="min-h-8 hover:text-slate-900"
              onClick={() => setSort((s) => ({ key: c.key, desc: s?.key === c.key ? !s.desc : false }))}
            >
              {c.label}
            </button>
          ),
        }))}
      >
        {visible.map((r) => (
          <tr key={r.__key}>
            {report.columns.map((c) => (
              <td key={c.key} className="py-2 pr-3">
                {cell(c, r)}
              </td>
            ))}
          </tr>
        ))}
      </Table>
      <ul className="space-y-2 md:hidden print:hidden">
        {visible.map((r) => (
          <li key={r.__key} className="rounded-lg border border-slate-200 p-3 text-sm">
            {first && <p className="font-medium text-slate-900">{cell(first, r)}</p>}
            {/* Label above value, two to a row: side by side in a half-width cell, a value ran
                into the next label ("WarehousePresent Days") at phone width. */}
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2">
              {rest.map((c) => (
                <div key={c.key} className="min-w-0">
                  <dt className="text-xs text-slate-500">{c.label}</dt>
                  <dd className="break-words font-medium text-slate-900">{shown(c, r[c.key])}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      {rows.length === 0 && <p className="py-4 text-sm text-slate-500">No data for this range.</p>}
      <div className="print:hidden">
        <Pagination
          page={page}
          pageSize={PAGE_SIZE}
          total={rows.length}
          onPage={setPage}
          label={`${report.tableTitle} pages`}
        />
      </div>
    </div>
  );
}
