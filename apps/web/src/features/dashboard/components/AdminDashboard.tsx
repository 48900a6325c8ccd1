import { BarChart3, ClipboardList, DoorOpen, Footprints, Hourglass, UserCheck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { PageHeader } from '@/components/ui/PageHeader';
import { QueryState } from '@/components/ui/QueryState';
import { SiteDayNote } from '@/components/ui/SiteDayNote';
import { SiteFilter } from '@/components/ui/SiteFilter';
import { Spinner } from '@/components/ui/Spinner';
import { TabPanel, Tabs } from '@/components/ui/Tabs';
import { useSiteFilter } from '@/lib/site-filter';
import { useDashboardStats, useQuickStats } from '../api/dashboard-api';
import { DepartmentOverview } from './DepartmentOverview';
import { MonitoringPanel } from './MonitoringPanel';
import { RecentActivity } from './RecentActivity';
import { StatCard } from './StatCard';
import { SystemHealthPanel } from './SystemHealthPanel';

/** recharts loads only when the Analytics tab is opened: the dashboard is the first screen. */
const AnalyticsCharts = lazy(() => import('./AnalyticsCharts'));

type DashboardTab = 'overview' | 'monitoring' | 'analytics';
const TABS: { id: DashboardTab; label: string }[] = [
  { id: 'overview', label: 'Overview' },
  { id: 'monitoring', label: 'Monitoring' },
  { id: 'analytics', label: 'Analytics' },
];

/** Present share above which the attendance trend points up (spec section 9). */
const GOOD_ATTENDANCE = 0.8;

export function AdminDashboard({ firstName }: { firstName: string }) {
  const { siteId } = useSiteFilter();
  const quick = useQuickStats(siteId);
  const stats = quick.data;
  const share = stats && stats.totalEmployees > 0 ? stats.presentToday / stats.totalEmployees : null;
  const pending = stats?.pendingLeaveRequests ?? 0;
  const [tab, setTab] = useState<DashboardTab>('overview');
  // Over sites in several zones, today's figures count each person on their own site's today.
  const eachSite = useDashboardStats().data?.today.localDay === 'each_site';

  return (
    <div className="space-y-6">
      <PageHeader
        title="Admin Dashboard"
        description={`Welcome back, ${firstName}`}
        actions={<SiteFilter />}
      />

      <section
        aria-labelledby="quick-actions"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <h2 id="quick-actions" className="mb-3 text-base font-semibold text-slate-900">
          Quick Management Actions
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link to="/leave" className={buttonClasses('secondary', 'md', 'relative')}>
            <ClipboardList aria-hidden="true" className="size-4" />
            Review Leave Requests
            {pending > 0 ? (
              <span
                className="ml-1 rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white"
                data-testid="pending-badge"
              >
                {pending}
                <span className="sr-only"> pending</span>
              </span>
            ) : null}
          </Link>
          <Link to="/reports" className={buttonClasses('secondary')}>
            <BarChart3 aria-hidden="true" className="size-4" />
            View Reports
          </Link>
        </div>
      </section>

      <QueryState query={quick} what="Today's figures are">
        {(figures) => (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard
              to="/attendance"
              title="Present Today"
              icon={UserCheck}
              value={`${figures.presentToday}`}
              detail={
                share === null
                  ? 'No employees yet'
                  : `${Math.round(share * 100)}% of ${figures.totalEmployees} employed today`
              }
              trend={share === null ? undefined : share > GOOD_ATTENDANCE ? 'up' : 'down'}
              testId="stat-present-today"
            />
            <StatCard
              to="/leave"
              title="Pending Leave Requests"
              icon={Hourglass}
              value={`${pending}`}
              detail={pending > 0 ? 'Urgent: waiting for a decision' : 'Nothing waiting'}
              warning={pending > 0}
            />
            <StatCard
              to="/access-control"
              title="Access Events Today"
              icon={DoorOpen}
              value={`${figures.accessEventsToday}`}
              detail="Last 24 hours"
            />
            <StatCard
              to="/people-counting"
              title="Daily Foot Traffic"
              icon={Footprints}
              value={`${figures.dailyFootTraffic}`}
              detail={`Walk-in rate ${figures.walkInRate}%`}
              trend={
                figures.footTrafficChange.direction === 'neutral'
                  ? undefined
                  : figures.footTrafficChange.direction
              }
              trendValue={`${figures.footTrafficChange.value}%`}
            />
          </div>
        )}
      </QueryState>
      <SiteDayNote eachSite={eachSite} className="-mt-3" />

      <div>
        <Tabs tabs={TABS} value={tab} onChange={setTab} label="Dashboard views" idPrefix="dashboard" />
        {tab === 'overview' ? (
          <TabPanel idPrefix="dashboard" id="overview" className="space-y-6">
            <div className="grid gap-6 lg:grid-cols-2">
              <DepartmentOverview />
              <RecentActivity />
            </div>
            <SystemHealthPanel />
          </TabPanel>
        ) : tab === 'monitoring' ? (
          <TabPanel idPrefix="dashboard" id="monitoring">
            <MonitoringPanel />
          </TabPanel>
        ) : (
          <TabPanel idPrefix="dashboard" id="analytics">
            <Suspense fallback={<Spinner />}>
              <AnalyticsCharts />
            </Suspense>
          </TabPanel>
        )}
      </div>
    </div>
  );
}
