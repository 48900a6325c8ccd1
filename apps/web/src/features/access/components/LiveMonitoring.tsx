import { useQuery } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { Building2, LogIn, LogOut, ShieldAlert } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { QueryState } from '@/components/ui/QueryState';
import { useSiteFilter } from '@/lib/site-filter';
import { accessStatsQuery, MONITOR_RECENT, recentLogsQuery } from '../api/access-api';
import { ActiveAlerts } from './ActiveAlerts';
import { DeviceStatusPanel } from './DeviceStatusPanel';
import { LogList } from './LogList';

/** The building now: counts, alerts that need someone, the doors, and the latest passages. */
export function LiveMonitoring() {
  return (
    <div className="space-y-6">
      <MonitoringCards />
      <ActiveAlerts />
      <DeviceStatusPanel />
      <RecentActivityRows />
    </div>
  );
}

function MonitoringCards() {
  const stats = useQuery(accessStatsQuery(useSiteFilter().siteId));
  return (
    <QueryState query={stats} what="Building figures are">
      {(s) => (
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
          <Figure label="Currently in Building" value={s.in_building} icon={Building2} testId="in-building" />
          <Figure label="Entries Today" value={s.today_entries} icon={LogIn} testId="entries-today" />
          <Figure label="Exits Today" value={s.today_exits} icon={LogOut} testId="exits-today" />
          <Figure
            label="Active Alerts"
            value={s.active_alerts}
            icon={ShieldAlert}
            testId="active-alerts"
            warning={s.active_alerts > 0}
          />
        </dl>
      )}
    </QueryState>
  );
}

function Figure({
  label,
  value,
  icon: Icon,
  testId,
  warning = false,
}: {
  label: string;
  value: number;
  icon: LucideIcon;
  testId: string;
  warning?: boolean;
}) {
  return (
    <div
      className={`rounded-xl border bg-white p-4 shadow-sm ${warning ? 'border-amber-300' : 'border-slate-200'}`}
    >
      <dt className="flex items-center justify-between gap-2 text-sm font-medium text-slate-600">
        {label}
        <Icon
          aria-hidden="true"
          className={`size-5 shrink-0 ${warning ? 'text-amber-600' : 'text-indigo-600'}`}
        />
      </dt>
      <dd className="mt-2 text-2xl font-semibold text-slate-900 sm:text-3xl" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function RecentActivityRows() {
  const logs = useQuery(recentLogsQuery(MONITOR_RECENT, useSiteFilter().siteId));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Activity</CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState
          query={logs}
          what="Recent activity is"
          isEmpty={(list) => list.length === 0}
          empty="No access logs found"
        >
          {(list) => (
            <LogList logs={list} label="Recent access activity" showPerson testId="recent-access-row" />
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
