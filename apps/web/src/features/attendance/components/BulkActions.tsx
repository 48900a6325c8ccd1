import { Button } from '@/components/ui/Button';
import { SelectionCount } from '@/components/ui/SelectionCount';
import { useToast } from '@/components/ui/toast-context';
import { useBulkMark } from '../api/attendance-api';
import { formatDate } from '../lib/format';

/**
 * What Mark Present records, the same for today and a past day (the server's bulkMark): each
 * person's own schedule, up to now.
 */
export const PRESENT_RULE =
  "Mark Present records each person's scheduled hours: checked in at the schedule's start, checked out at its end once that has passed. Mark Absent removes the day's record.";

/** Mark the selected people present or absent on the picked date, or export them. */
export function BulkActions({
  date,
  selected,
  onDone,
  onExport,
}: {
  date: string;
  selected: number[];
  onDone: () => void;
  onExport: (userIds: number[]) => void;
}) {
  const toast = useToast();
  const bulk = useBulkMark();
  const requireSelection = () => {
    if (selected.length > 0) return true;
    toast.warning('Please select employees first');
    return false;
  };
  const mark = (action: 'present' | 'absent') => {
    if (!requireSelection()) return;
    bulk.mutate(
      { action, userIds: selected, date },
      {
        onSuccess: () => {
          toast.success(`Bulk mark ${action} completed successfully!`);
          onDone();
        },
        onError: () => toast.error('Bulk action failed. Please try again.'),
      },
    );
  };
  return (
    <section
      aria-labelledby="bulk-actions"
      className="flex flex-wrap items-center gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
    >
      <h2 id="bulk-actions" className="mr-2 text-sm font-semibold text-slate-900">
        Bulk Actions
        <span className="ml-2 font-normal text-slate-600">for {formatDate(date)}</span>
      </h2>
      <Button
        size="sm"
        onClick={() => mark('present')}
        disabled={bulk.isPending}
        aria-describedby="bulk-selection bulk-rule"
      >
        Mark Present
      </Button>
      <Button
        size="sm"
        variant="danger"
        onClick={() => mark('absent')}
        disabled={bulk.isPending}
        aria-describedby="bulk-selection bulk-rule"
      >
        Mark Absent
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => requireSelection() && onExport(selected)}
        aria-describedby="bulk-selection"
      >
        Export Selected
      </Button>
      <SelectionCount
        id="bulk-selection"
        count={selected.length}
        hint="Tick employees in the list to use these actions"
        className="sm:ml-auto"
      />
      <p id="bulk-rule" className="basis-full text-xs text-slate-600">
        {PRESENT_RULE}
      </p>
    </section>
  );
}
