import type { AccessAction } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { DoorClosed, DoorOpen, LogIn, LogOut } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { useToast } from '@/components/ui/toast-context';
import { Unavailable } from '@/components/ui/Unavailable';
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
        {status.isError ? (
          <Unavailable what="Your access status is" onRetry={() => void status.refetch()} />
        ) : !status.data ? (
          <Spinner />
        ) : (
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className={`flex size-12 shrink-0 items-center justify-center rounded-full ${
                status.data.status === 'in' ? 'bg-green-100 text-green-700' : 'bg-slate-100 text-slate-600'
              }`}
            >
              {status.data.status === 'in' ? (
                <DoorOpen className="size-6" />
              ) : (
                <DoorClosed className="size-6" />
              )}
            </span>
            <div className="min-w-0">
              <p className="text-lg font-semibold text-slate-900" data-testid="access-status">
                {status.data.status === 'in' ? 'In Building' : 'Out of Building'}
              </p>
              <p className="text-sm text-slate-600" data-testid="last-access">
                {status.data.last_access
                  ? `Last access: ${formatWhen(status.data.last_access)}${
                      status.data.last_access_point ? ` at ${status.data.last_access_point}` : ''
                    }`
                  : 'No recent access recorded'}
              </p>
            </div>
          </div>
        )}
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
  if (stats.isError)
    return <Unavailable what="Your access figures are" onRetry={() => void stats.refetch()} />;
  if (!stats.data) return <Spinner />;
  const s = stats.data;
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-4">
      <Count label="Today's Entries" value={s.today_entries} testId="today-entries" />
      <Count label="This Week's Entries" value={s.week_entries} testId="week-entries" />
      <Count label="Authorized Areas" value={s.authorized_areas} testId="authorized-areas" />
    </dl>
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
  if (logs.isError)
    return <Unavailable what="Recent access events are" onRetry={() => void logs.refetch()} />;
  if (!logs.data) return <Spinner />;
  if (logs.data.length === 0) return <p className="text-sm text-slate-600">No recent access recorded</p>;
  return <LogList logs={logs.data} label="Recent access events" />;
}
