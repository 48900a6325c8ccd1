import type { AttendanceRecord } from '@atrium/contract';
import { AttendanceStatusBadges } from '@/components/ui/AttendanceStatusBadges';
import { Checkbox } from '@/components/ui/Checkbox';
import { type Column, Table } from '@/components/ui/Table';
import { formatDate, formatHours, formatTime } from '../lib/format';
import { RowActions } from './RowParts';

/** Person-days; on narrow screens the table scrolls sideways inside its card. */
export function AttendanceTable({
  rows,
  showDate,
  selected,
  onSelectedChange,
  onEdit,
  onView,
  onDelete,
}: {
  rows: AttendanceRecord[];
  showDate: boolean;
  selected: Set<number>;
  onSelectedChange: (selected: Set<number>) => void;
  onEdit: (row: AttendanceRecord) => void;
  onView: (row: AttendanceRecord) => void;
  onDelete: (row: AttendanceRecord) => void;
}) {
  const ids = [...new Set(rows.map((r) => r.user_id))];
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectedChange(next);
  };
  const toggleAll = () => {
    const next = new Set(selected);
    for (const id of ids) {
      if (allSelected) next.delete(id);
      else next.add(id);
    }
    onSelectedChange(next);
  };
  const columns: Column[] = [
    {
      label: 'Select all',
      content: <Checkbox aria-label="Select all" checked={allSelected} onChange={toggleAll} />,
      className: 'w-10',
    },
    'Employee',
    'Department',
    ...(showDate ? ['Date'] : []),
    'Check In',
    'Check Out',
    'Hours',
    'Status',
    { label: 'Actions', align: 'right' },
  ];
  return (
    <>
      {/* Phones get cards; from the sm breakpoint up, the table (which scrolls sideways if it must). */}
      <div className="space-y-2 sm:hidden">
        <label className="flex items-center gap-2 px-1 text-sm font-medium text-slate-700">
          <Checkbox checked={allSelected} onChange={toggleAll} />
          Select all
        </label>
        <ul className="space-y-2" aria-label="Attendance records">
          {rows.map((row) => {
            const name = `${row.first_name} ${row.last_name}`;
            return (
              <li
                key={`${row.user_id}-${row.date}`}
                data-testid="attendance-card"
                className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
              >
                <div className="flex items-start gap-3">
                  <Checkbox
                    aria-label={`Select ${name}`}
                    checked={selected.has(row.user_id)}
                    onChange={() => toggle(row.user_id)}
                    className="mt-0.5"
                  />
                  <div className="min-w-0 flex-1">
                    <div className="font-medium text-slate-900">{name}</div>
                    <div className="truncate text-xs text-slate-500">
                      {row.email} · {row.department_name ?? 'N/A'}
                    </div>
                    <div className="mt-1 text-sm text-slate-700">
                      {showDate ? `${formatDate(row.date)} · ` : ''}
                      {row.check_in_time
                        ? `In ${formatTime(row.check_in_time, row.time_zone)} · Out ${formatTime(row.check_out_time, row.time_zone) ?? 'Not recorded'}${row.hours === null ? '' : ` · ${formatHours(row.hours)} h`}`
                        : 'No check-in recorded'}
                    </div>
                    <div className="mt-2">
                      <AttendanceStatusBadges row={row} />
                    </div>
                  </div>
                </div>
                <RowActions
                  row={row}
                  onEdit={onEdit}
                  onView={onView}
                  onDelete={onDelete}
                  className="mt-2 justify-end"
                />
              </li>
            );
          })}
        </ul>
      </div>
      <Table
        regionLabel="Attendance records"
        look="compact"
        framed
        wrapperClassName="hidden sm:block"
        className="min-w-[56rem]"
        columns={columns}
      >
        {rows.map((row) => {
          const name = `${row.first_name} ${row.last_name}`;
          return (
            <tr
              key={`${row.user_id}-${row.date}`}
              data-testid="attendance-row"
              data-user-id={row.user_id}
              className="align-middle"
            >
              <td className="px-3 py-2">
                <Checkbox
                  aria-label={`Select ${name}`}
                  checked={selected.has(row.user_id)}
                  onChange={() => toggle(row.user_id)}
                />
              </td>
              <td className="px-3 py-2">
                <div className="font-medium text-slate-900">{name}</div>
                <div className="text-xs text-slate-500">{row.email}</div>
              </td>
              <td className="px-3 py-2 text-slate-700">{row.department_name ?? 'N/A'}</td>
              {showDate ? (
                <td className="px-3 py-2 whitespace-nowrap text-slate-700">{formatDate(row.date)}</td>
              ) : null}
              <td className="px-3 py-2 text-slate-700">
                {formatTime(row.check_in_time, row.time_zone) ?? '—'}
              </td>
              <td className="px-3 py-2 text-slate-700">
                {formatTime(row.check_out_time, row.time_zone) ?? '—'}
              </td>
              <td className="px-3 py-2 text-slate-700">{formatHours(row.hours)}</td>
              <td className="px-3 py-2">
                <AttendanceStatusBadges row={row} />
              </td>
              <td className="px-3 py-2">
                <RowActions
                  row={row}
                  onEdit={onEdit}
                  onView={onView}
                  onDelete={onDelete}
                  className="justify-end"
                />
              </td>
            </tr>
          );
        })}
      </Table>
    </>
  );
}
