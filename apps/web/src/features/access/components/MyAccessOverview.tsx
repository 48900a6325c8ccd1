import type { AccessAction } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { DoorClosed, DoorOpen, LogIn, LogOut } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { QueryState } from '@/components/ui/QueryState';
import { useToast } from '@/components/ui/toast-context';
import {
  MY_RECENT,
  myRecentLogsQuery,
  myStatsQuery,
  myStatusQuery,
  useSimulateAccess,
} from '../api/access-api';
import { ACTION_LABEL, formatWhen, randomDeviceId, WEB_ACCESS_POINT } from '../lib/format';
import { LogList } from './LogList';

/** Where I am, my counts, the door buttons and my five latest passages. */
export function MyAccessOverview() {
  return (
    <div className="space-y-4">
      <StatusCard />
      <MyCounts />
      <Card>
        <CardHeader>
          <CardTitle>Recent Access Events</CardTitle>
        </CardHeader>
        <CardContent>
          <RecentEvents />
        </CardContent>
      </Card>
    </div>
  );
}

function StatusCard() {
  const toast = useToast();
  const status = useQuery(myStatusQuery());
  const simulate = useSimulateAccess();
  const record = (action: AccessAction) =>
    simulate.mutate(
      { action, access_point: WEB_ACCESS_POINT, device_id: randomDeviceId() },
      {
        onSuccess: () => toast.success(`${ACTION_LABEL[action]} recorded successfully!`),
        onError: () => toast.error('Failed to record access event'),
      },
    );
  const busy = simulate.isPending ? simulate.variables?.action : undefined;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Current Status</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <QueryState query={status} what="Your access status is">
          {(mine) => (
            <div className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className={`flex size-12 shrink-0 items-center justify-center rounded-full ${
                  mine.status === 'in' ? 'bg-green-100 text-green-700' : 'bg-slate-100 text-slate-600'
                }`}
              >
                {mine.status === 'in' ? <DoorOpen className="size-6" /> : <DoorClosed className="size-6" />}
              </span>
              <div className="min-w-0">
                <p className="text-lg font-semibold text-slate-900" data-testid="access-status">
                  {mine.status === 'in' ? 'In Building' : 'Out of Building'}
                </p>
                <p className="text-sm text-slate-600" data-testid="last-access">
                  {mine.last_access
                    ? `Last access: ${formatWhen(mine.last_access)}${
                        mine.last_access_point ? ` at ${mine.last_access_point}` : ''
                      }`
                    : 'No recent access recorded'}
                </p>
              </div>
            </div>
          )}
        </QueryState>
        <div className="flex flex-wrap gap-2">
          <Button disabled={simulate.isPending} aria-busy={busy === 'entry'} onClick={() => record('entry')}>
            <LogIn aria-hidden="true" className="size-4" />
            Check In
          </Button>
          <Button
            variant="secondary"
            disabled={simulate.isPending}
            aria-busy={busy === 'exit'}
            onClick={() => record('exit')}
          >
            <LogOut aria-hidden="true" className="size-4" />
            Check Out
          </Button>
        </div>
        <p className="text-xs text-slate-500">
          Recorded at {WEB_ACCESS_POINT}, as if you badged at its reader.
        </p>
      </CardContent>
    </Card>
  );
}

function MyCounts() {
  const stats = useQuery(myStatsQuery());
  return (
    <QueryState query={stats} what="Your access figures are">
      {(s) => (
        <dl className="grid grid-cols-3 gap-2 sm:gap-4">
          <Count label="Today's Entries" value={s.today_entries} testId="today-entries" />
          <Count label="This Week's Entries" value={s.week_entries} testId="week-entries" />
          <Count label="Authorized Areas" value={s.authorized_areas} testId="authorized-areas" />
        </dl>
      )}
    </QueryState>
  );
}

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="flex flex-col justify-between rounded-xl border border-slate-200 bg-white px-3 py-3 shadow-sm sm:px-5 sm:py-4">
      <dt className="text-xs text-slate-600 sm:text-sm">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function RecentEvents() {
  const logs = useQuery(myRecentLogsQuery(MY_RECENT));
  return (
    <QueryState
      query={logs}
      what="Recent access events are"
      isEmpty={(list) => list.length === 0}
      empty="No recent access recorded"
    >
      {(list) => <LogList logs={list} label="Recent access events" />}
    </QueryState>
  );
}
