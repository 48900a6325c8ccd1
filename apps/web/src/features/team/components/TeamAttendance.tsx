import { AttendanceStatus } from '@atrium/contract';
import { Download } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { ExportProgress } from '@/components/ui/ExportProgress';
import { FormField } from '@/components/ui/FormField';
import { inputClasses } from '@/components/ui/input-classes';
import { Pagination } from '@/components/ui/Pagination';
import { QueryState } from '@/components/ui/QueryState';
import { useToast } from '@/components/ui/toast-context';
import { useAttendanceExport } from '@/lib/attendance-export';
import { ATTENDANCE_STATUS_LABEL } from '@/lib/attendance-status';
import { organisationToday } from '@/lib/org-time';
import { counted } from '@/lib/plural';
import { useTeamAttendance } from '../api/team-api';
import { TeamAttendanceRows } from './TeamAttendanceRows';

export const TEAM_ATTENDANCE_PAGE_SIZE = 20;

/**
 * Team Attendance, on My Team: the team's person-days on a chosen date (today unless changed),
 * searched by name and filtered by status, a page at a time; Export downloads that day's CSV,
 * which the server narrows to the manager's team as it does the list.
 */
export function TeamAttendance() {
  const toast = useToast();
  const today = organisationToday();
  const [date, setDate] = useState(today);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<AttendanceStatus | ''>('');
  const [page, setPage] = useState(1);
  const query = useDeferredValue(search.trim());
  const exporter = useAttendanceExport();
  const list = useTeamAttendance({
    date,
    search: query || undefined,
    status: status || undefined,
    page,
    pageSize: TEAM_ATTENDANCE_PAGE_SIZE,
  });
  // Filters change what "page 2" means, so every change starts again at page 1.
  const reset =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const exportCsv = async () => {
    const done = await exporter.start({ startDate: date, endDate: date, search: query || undefined });
    if (!done) toast.error('Export failed. Please try again.');
  };

  return (
    <section aria-labelledby="team-attendance" className="space-y-4">
      <h2 id="team-attendance" className="text-lg font-semibold text-slate-900">
        Team Attendance
      </h2>
      <div className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-[auto_2fr_1fr_auto]">
        <FormField label="Date">
          {(control) => (
            <input
              {...control}
              type="date"
              max={today}
              className={`mt-1 ${inputClasses}`}
              value={date}
              onChange={(e) => e.target.value && reset(setDate)(e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Search by name">
          {(control) => (
            <input
              {...control}
              type="search"
              maxLength={100}
              className={`mt-1 ${inputClasses}`}
              value={search}
              onChange={(e) => reset(setSearch)(e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Status">
          {(control) => (
            <select
              {...control}
              className={`mt-1 ${inputClasses}`}
              value={status}
              onChange={(e) => reset(setStatus)(e.target.value as AttendanceStatus | '')}
            >
              <option value="">All</option>
              {AttendanceStatus.options.map((option) => (
                <option key={option} value={option}>
                  {ATTENDANCE_STATUS_LABEL[option]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <Button
          variant="secondary"
          onClick={() => void exportCsv()}
          disabled={exporter.received !== null}
          aria-busy={exporter.received !== null}
        >
          <Download aria-hidden="true" className="size-4" />
          Export
        </Button>
      </div>
      <ExportProgress received={exporter.received} />
      <QueryState
        query={list}
        what="Team attendance is"
        retryLabel="Retry loading team attendance"
        loadingClassName="py-10"
        isEmpty={(data) => data.total === 0}
        empty="No attendance records found for the selected criteria."
        emptyLook="box"
      >
        {({ attendance, total }) => (
          <>
            <div aria-busy={list.isPlaceholderData}>
              <TeamAttendanceRows rows={attendance} />
              <Pagination
                page={page}
                pageSize={TEAM_ATTENDANCE_PAGE_SIZE}
                total={total}
                onPage={setPage}
                label="Team attendance pages"
              />
            </div>
            <p className="text-sm text-slate-600">{counted(total, 'row')}</p>
          </>
        )}
      </QueryState>
    </section>
  );
}
