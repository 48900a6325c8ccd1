import type { AttendanceRecord, AttendanceStatus } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { Download, SlidersHorizontal } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card, CardContent } from '@/components/ui/Card';
import { ExportProgress } from '@/components/ui/ExportProgress';
import { Pagination } from '@/components/ui/Pagination';
import { QueryState } from '@/components/ui/QueryState';
import { useToast } from '@/components/ui/toast-context';
import { useAttendanceExport } from '@/lib/attendance-export';
import { counted } from '@/lib/plural';
import { departmentQueries } from '@/lib/queries/departments';
import { siteQuery, useSiteFilter } from '@/lib/site-filter';
import { useAttendanceList } from '../api/attendance-api';
import type { DateRange } from '../lib/calendar';
import { AttendanceTable } from './AttendanceTable';
import { BulkActions } from './BulkActions';
import { DeleteRecordDialog } from './DeleteRecordDialog';
import { EditRecordDialog } from './EditRecordDialog';
import { RecordDetailsDialog } from './RecordDetailsDialog';

const PAGE_SIZE = 20;
const field = 'h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm';

/** Search, filters, bulk actions and the paginated table of person-days. */
export function EmployeeManagement({
  date,
  range,
  onRangeChange,
}: {
  date: string;
  range: DateRange | null;
  onRangeChange: (range: DateRange | null) => void;
}) {
  const toast = useToast();
  const [search, setSearch] = useState('');
  /** Bytes of the export received so far; null when no export runs. */
  const { received: exported, start: startExport } = useAttendanceExport();
  const [status, setStatus] = useState<AttendanceStatus | ''>('');
  const [department, setDepartment] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [advanced, setAdvanced] = useState(range !== null);
  const [draft, setDraft] = useState<DateRange>(range ?? { start: date, end: date });
  const [editing, setEditing] = useState<AttendanceRecord | null>(null);
  const [viewing, setViewing] = useState<AttendanceRecord | null>(null);
  const [deleting, setDeleting] = useState<AttendanceRecord | null>(null);
  const query = useDeferredValue(search.trim());
  const departments = useQuery(departmentQueries.list());
  const { siteId } = useSiteFilter();

  const params = {
    ...(range ? { startDate: range.start, endDate: range.end } : { date }),
    search: query || undefined,
    status: status || undefined,
    department: department ? Number(department) : undefined,
    ...siteQuery(siteId),
    page,
    pageSize: PAGE_SIZE,
  };
  const list = useAttendanceList(params);
  const rows = list.data?.attendance ?? [];
  // Filters change what "page 2" means, so every change starts again at page 1.
  const reset =
    <T,>(set: (v: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  /**
   * Export Selected sends the picked people; Export sends the list's department and search
   * filters, which the server applies as it does for the list (status is per day, so every day
   * is kept).
   */
  const exportRange = async (selection?: number[]) => {
    if (selection?.length === 0) {
      toast.warning('No attendance records found for the selected criteria.');
      return;
    }
    const filters = selection
      ? { userIds: selection }
      : { department: params.department, search: params.search, siteId: params.siteId };
    const done = await startExport({
      ...filters,
      startDate: range?.start ?? date,
      endDate: range?.end ?? date,
    });
    if (!done) toast.error('Export failed. Please try again.');
  };

  return (
    <div className="space-y-4">
      <Card>
        <CardContent className="space-y-3">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto_auto]">
            <label className="sr-only" htmlFor="attendance-search">
              Search employees
            </label>
            <input
              id="attendance-search"
              type="search"
              placeholder="Search name, email or department"
              value={search}
              onChange={(e) => reset(setSearch)(e.target.value)}
              className={field}
            />
            <label className="sr-only" htmlFor="attendance-status">
              Status
            </label>
            <select
              id="attendance-status"
              value={status}
              onChange={(e) => reset(setStatus)(e.target.value as AttendanceStatus | '')}
              className={field}
            >
              <option value="">All</option>
              <option value="complete">Complete</option>
              <option value="checked_in">Checked In</option>
              <option value="absent">Absent</option>
              <option value="on_leave">On leave</option>
            </select>
            <label className="sr-only" htmlFor="attendance-department">
              Department
            </label>
            <select
              id="attendance-department"
              value={department}
              onChange={(e) => reset(setDepartment)(e.target.value)}
              className={field}
            >
              <option value="">All departments</option>
              {(departments.data ?? [])
                .filter((d) => siteId === null || d.site_id === siteId)
                .map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                  </option>
                ))}
            </select>
            <Button variant="secondary" onClick={() => setAdvanced(!advanced)} aria-expanded={advanced}>
              <SlidersHorizontal aria-hidden="true" className="size-4" />
              Advanced Filters
            </Button>
            <Button
              variant="secondary"
              onClick={() => void exportRange()}
              disabled={exported !== null}
              aria-busy={exported !== null}
            >
              <Download aria-hidden="true" className="size-4" />
              Export
            </Button>
          </div>
          <ExportProgress received={exported} />
          {advanced ? (
            <fieldset className="flex flex-wrap items-end gap-3 rounded-lg bg-slate-50 p-3">
              <legend className="sr-only">Date range</legend>
              <label className="flex flex-col text-sm text-slate-700">
                Start date
                <input
                  type="date"
                  value={draft.start}
                  onChange={(e) => setDraft({ ...draft, start: e.target.value })}
                  className={field}
                />
              </label>
              <label className="flex flex-col text-sm text-slate-700">
                End date
                <input
                  type="date"
                  value={draft.end}
                  min={draft.start}
                  onChange={(e) => setDraft({ ...draft, end: e.target.value })}
                  className={field}
                />
              </label>
              <Button
                size="md"
                disabled={!draft.start || !draft.end || draft.end < draft.start}
                onClick={() => {
                  onRangeChange(draft);
                  setPage(1);
                }}
              >
                Apply
              </Button>
              <Button
                variant="ghost"
                onClick={() => {
                  onRangeChange(null);
                  setDraft({ start: date, end: date });
                  setPage(1);
                }}
              >
                Clear
              </Button>
              {draft.end < draft.start ? (
                <p className="w-full text-sm text-red-700">End date must not be before start date.</p>
              ) : null}
            </fieldset>
          ) : null}
        </CardContent>
      </Card>

      <BulkActions
        date={date}
        selected={[...selected]}
        onDone={() => setSelected(new Set())}
        onExport={(ids) => void exportRange(ids)}
      />

      <QueryState
        query={list}
        what="Attendance records are"
        isEmpty={(data) => data.attendance.length === 0}
        empty="No attendance records found for the selected criteria."
        emptyLook="box"
      >
        {({ total }) => (
          <>
            <AttendanceTable
              rows={rows}
              showDate={range !== null}
              selected={selected}
              onSelectedChange={setSelected}
              onEdit={setEditing}
              onView={setViewing}
              onDelete={setDeleting}
            />
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              total={total}
              onPage={setPage}
              label="Attendance pages"
            />
            <p className="text-sm text-slate-600">{counted(total, 'row')}</p>
          </>
        )}
      </QueryState>

      <EditRecordDialog key={`edit-${editing?.id}`} record={editing} onClose={() => setEditing(null)} />
      <RecordDetailsDialog record={viewing} onClose={() => setViewing(null)} />
      <DeleteRecordDialog
        key={`delete-${deleting?.id}`}
        record={deleting}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
