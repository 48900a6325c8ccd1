import type { Holiday } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { FormDialog } from '@/components/ui/FormDialog';
import { QueryState } from '@/components/ui/QueryState';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { calendarDateText } from '@/lib/dates';
import { organisationToday } from '@/lib/org-time';
import { holidayQueries } from '@/lib/queries/holidays';
import { useSiteChoices } from '@/lib/site-choices';
import { useCopyHolidays, useDeleteHoliday } from '../api/organisation-api';
import { HolidayDialog } from './HolidayDialog';

const longDate = (date: string) => calendarDateText(date);

/** A year's public holidays, each of one site or of every site: nobody there is absent on them. */
export function HolidaysPanel() {
  const today = organisationToday();
  const [year, setYear] = useState(Number(today.slice(0, 4)));
  const [editing, setEditing] = useState<Holiday | 'new' | null>(null);
  const [removing, setRemoving] = useState<Holiday | null>(null);
  const holidays = useQuery(holidayQueries.year(year));
  const copy = useCopyHolidays();
  const toast = useToast();
  // With one site every holiday is everyone's: no site to name.
  const { several } = useSiteChoices();

  const copyLastYear = () =>
    copy.mutate(
      { fromYear: year - 1, toYear: year },
      {
        onSuccess: ({ holidays: added, skipped }) =>
          toast.success(
            `Copied ${added.length} holiday${added.length === 1 ? '' : 's'} from ${year - 1}` +
              (skipped > 0 ? ` (${skipped} skipped: date taken or not in ${year})` : ''),
          ),
        onError: (error) => toast.error(errorMessage(error, 'Failed to copy holidays')),
      },
    );

  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Button variant="ghost" size="sm" onClick={() => setYear(year - 1)} aria-label="Previous year">
            <ChevronLeft aria-hidden="true" className="size-4" />
          </Button>
          <CardTitle id="holidays-title" aria-live="polite">
            Public Holidays {year}
          </CardTitle>
          <Button variant="ghost" size="sm" onClick={() => setYear(year + 1)} aria-label="Next year">
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={copyLastYear} disabled={copy.isPending}>
            {copy.isPending ? 'Copying...' : `Copy ${year - 1} Holidays`}
          </Button>
          <Button size="sm" onClick={() => setEditing('new')}>
            Add Holiday
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <p className="mb-2 text-sm text-slate-600">
          Nobody is absent on a public holiday; leave types that count working days only don't count it.
        </p>
        <QueryState
          query={holidays}
          what="Holidays"
          loading="Loading holidays"
          isEmpty={(list) => list.length === 0}
          empty={`No public holidays declared for ${year}.`}
        >
          {(list) => (
            <ul aria-labelledby="holidays-title" className="divide-y divide-slate-100">
              {list.map((holiday) => (
                <li key={holiday.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{holiday.name}</p>
                    <p className="text-sm text-slate-600">
                      <time dateTime={holiday.date}>{longDate(holiday.date)}</time>
                      {several ? <span> · {holiday.site ?? 'All sites'}</span> : null}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setEditing(holiday)}
                      aria-label={`Edit ${holiday.name}`}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="danger"
                      size="sm"
                      onClick={() => setRemoving(holiday)}
                      aria-label={`Remove ${holiday.name}`}
                    >
                      Remove
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
      {editing ? (
        <HolidayDialog
          holiday={editing === 'new' ? null : editing}
          defaultDate={today.startsWith(String(year)) ? today : `${year}-01-01`}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {removing ? <RemoveHolidayDialog holiday={removing} onClose={() => setRemoving(null)} /> : null}
    </Card>
  );
}

function RemoveHolidayDialog({ holiday, onClose }: { holiday: Holiday; onClose: () => void }) {
  const remove = useDeleteHoliday();
  const toast = useToast();
  return (
    <FormDialog
      open
      onClose={onClose}
      title={`Remove ${holiday.name}?`}
      formId="remove-holiday-form"
      danger
      busy={remove.isPending}
      submitLabel={remove.isPending ? 'Removing...' : 'Remove'}
      onSubmit={(e) => {
        e.preventDefault();
        remove.mutate(holiday.id, {
          onSuccess: () => {
            toast.success('Holiday removed');
            onClose();
          },
          onError: (error) => toast.error(errorMessage(error, 'Failed to remove holiday')),
        });
      }}
    >
      <p className="text-sm text-slate-700">
        {longDate(holiday.date)} becomes an ordinary day again: people scheduled to work that day count as
        absent if they are not there.
      </p>
      <p className="mt-2 text-sm text-slate-700">
        Leave that counts working days only and covers this day is charged for it again.
      </p>
    </FormDialog>
  );
}
