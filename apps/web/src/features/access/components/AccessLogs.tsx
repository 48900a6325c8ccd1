import type { AccessLog } from '@atrium/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card, CardContent } from '@/components/ui/Card';
import { LoadMore } from '@/components/ui/LoadMore';
import { QueryState } from '@/components/ui/QueryState';
import { useSiteFilter } from '@/lib/site-filter';
import { type LogFilters, logsQuery } from '../api/access-api';
import { ExportLogsButton } from './ExportLogsButton';
import { Field } from './Field';
import { LogDetailsDialog } from './LogDetailsDialog';
import { LogsTable } from './LogsTable';

const field = 'h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm';

/** What the Action filter shows, as the logs query asks for it. */
const SHOWN = {
  '': {},
  entry: { action: 'entry' },
  exit: { action: 'exit' },
  granted: { result: 'granted' },
  denied: { result: 'denied' },
} as const satisfies Record<string, LogFilters>;
type Shown = keyof typeof SHOWN;

/**
 * Every passage and every denied attempt, newest first, filtered on the server and read a keyset
 * page at a time.
 */
export function AccessLogs() {
  const [search, setSearch] = useState('');
  const [action, setAction] = useState<Shown>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [viewing, setViewing] = useState<AccessLog | null>(null);
  const query = useDeferredValue(search.trim());
  const badRange = Boolean(from && to && to < from);

  const filters: LogFilters = {
    search: query || undefined,
    ...SHOWN[action],
    // A reversed range is shown as an error and not sent.
    from: badRange ? undefined : from || undefined,
    to: badRange ? undefined : to || undefined,
  };
  const { siteId } = useSiteFilter();
  const logs = useInfiniteQuery(logsQuery(filters, siteId));
  const rows = logs.data?.pages.flatMap((page) => page.logs) ?? [];

  return (
    <div className="space-y-4">
      <Card>
        <CardContent>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-[2fr_1fr_1fr_1fr]">
            <label className="col-span-2 flex flex-col gap-1 text-sm text-slate-700 lg:col-span-1">
              Search
              <input
                type="search"
                placeholder="Name or access point"
                value={search}
                maxLength={100}
                onChange={(e) => setSearch(e.target.value)}
                className={field}
              />
            </label>
            <Field label="Action" className="col-span-2 gap-1 lg:col-span-1" labelClassName="font-normal">
              {(id) => (
                <select
                  id={id}
                  value={action}
                  onChange={(e) => setAction(e.target.value as Shown)}
                  className={field}
                >
                  <option value="">All</option>
                  <option value="entry">Entry</option>
                  <option value="exit">Exit</option>
                  <option value="granted">Granted (entry or exit)</option>
                  <option value="denied">Denied</option>
                </select>
              )}
            </Field>
            <label className="flex flex-col gap-1 text-sm text-slate-700">
              From
              <input
                type="date"
                value={from}
                max={to || undefined}
                onChange={(e) => setFrom(e.target.value)}
                className={field}
              />
            </label>
            <label className="flex flex-col gap-1 text-sm text-slate-700">
              To
              <input
                type="date"
                value={to}
                min={from || undefined}
                onChange={(e) => setTo(e.target.value)}
                className={field}
              />
            </label>
          </div>
          {badRange ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              The end date must not be before the start date.
            </p>
          ) : null}
          <div className="mt-2 flex flex-wrap items-center gap-2">
            {search || action || from || to ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setSearch('');
                  setAction('');
                  setFrom('');
                  setTo('');
                }}
              >
                Clear filters
              </Button>
            ) : null}
            <ExportLogsButton filters={filters} disabled={badRange} />
          </div>
        </CardContent>
      </Card>

      <QueryState
        query={logs}
        what="Access logs are"
        keepDataOnError
        isEmpty={() => rows.length === 0}
        empty="No access logs found"
        emptyLook="box"
      >
        {() => (
          <>
            <div
              aria-busy={logs.isPlaceholderData}
              className={logs.isPlaceholderData ? 'opacity-60' : undefined}
            >
              <LogsTable rows={rows} onView={setViewing} />
            </div>
            {logs.hasNextPage || logs.isFetchNextPageError ? (
              <LoadMore pages={logs} what="Older access logs are" className="text-center" />
            ) : (
              <p className="text-center text-sm text-slate-500">
                {rows.length === 1 ? '1 passage' : `${rows.length} passages`}, no more
              </p>
            )}
          </>
        )}
      </QueryState>
      {viewing ? <LogDetailsDialog log={viewing} onClose={() => setViewing(null)} /> : null}
    </div>
  );
}
