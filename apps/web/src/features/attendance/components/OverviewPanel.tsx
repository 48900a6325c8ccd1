import type { LucideIcon } from 'lucide-react';
import { Building2, TreePalm, UserCheck, Users, UserX } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { QueryState } from '@/components/ui/QueryState';
import { siteTodayText } from '@/lib/site-day';
import { useSiteFilter } from '@/lib/site-filter';
import { useOverview } from '../api/attendance-api';
import { formatDate } from '../lib/format';

/** Head counts for the picked date (`today`: the chosen site's, or the organisation's), computed by the server. */
export function OverviewPanel({ date, today }: { date: string; today: string }) {
  const { siteId, site } = useSiteFilter();
  const overview = useOverview(date, siteId);
  const isToday = date === today;
  return (
    <QueryState query={overview} what="The attendance overview is">
      {(o) => (
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            {site ? (
              <span data-testid="site-day">
                {isToday ? siteTodayText(site) : `${formatDate(date)} in ${site.name}`}
              </span>
            ) : isToday ? (
              'Today'
            ) : (
              formatDate(date)
            )}
            {!site && o.localDay === 'each_site' ? (
              <span data-testid="site-day-note"> · each site's local day</span>
            ) : null}
          </p>
          <div
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5"
            data-testid="attendance-overview"
          >
            <Figure icon={Users} label="Total Employees" value={o.totalEmployees} />
            <Figure icon={UserCheck} label={isToday ? 'Present Today' : 'Present'} value={o.present} />
            <Figure
              icon={Building2}
              label={isToday ? 'Still in Building' : 'No Check-out'}
              value={o.stillInBuilding}
            />
            <Figure icon={UserX} label={isToday ? 'Absent Today' : 'Absent'} value={o.absent} />
            <Figure icon={TreePalm} label={isToday ? 'On Leave Today' : 'On Leave'} value={o.onLeave} />
          </div>
          <Card>
            <CardHeader>
              <CardTitle>Attendance by Department</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="space-y-3">
                {o.departments.map((d) => {
                  const pct = d.total ? Math.round((d.present / d.total) * 100) : 0;
                  return (
                    <li key={d.id}>
                      <div className="flex justify-between gap-2 text-sm">
                        <span className="font-medium text-slate-800">
                          {d.name}
                          {d.scheduled ? null : (
                            <span className="ml-2 text-xs text-slate-500">(not a workday)</span>
                          )}
                        </span>
                        <span className="text-slate-600">
                          {d.present}/{d.total} ({pct}%)
                        </span>
                      </div>
                      <div className="mt-1 h-2.5 rounded-full bg-slate-100" aria-hidden="true">
                        <div className="h-2.5 rounded-full bg-indigo-600" style={{ width: `${pct}%` }} />
                      </div>
                    </li>
                  );
                })}
              </ul>
            </CardContent>
          </Card>
        </div>
      )}
    </QueryState>
  );
}

function Figure({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: number }) {
  return (
    <Card>
      <CardContent className="flex items-center justify-between gap-3">
        <div>
          <p className="text-sm font-medium text-slate-600">{label}</p>
          <p className="mt-1 text-3xl font-semibold text-slate-900">{value}</p>
        </div>
        <Icon aria-hidden="true" className="size-6 text-indigo-600" />
      </CardContent>
    </Card>
  );
}
