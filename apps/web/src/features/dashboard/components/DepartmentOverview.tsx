import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { QueryState } from '@/components/ui/QueryState';
import { useDashboardStats } from '../api/dashboard-api';

/** Today's presence per department, counted from attendance records. */
export function DepartmentOverview() {
  const stats = useDashboardStats();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Department Overview</CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState
          query={stats}
          what="Department figures are"
          isEmpty={(data) => data.today.departments.length === 0}
          empty="No departments yet."
        >
          {({ today }) => (
            <ul className="space-y-3" data-testid="department-overview">
              {today.departments.map((d) => {
                const pct = d.total ? Math.round((d.present / d.total) * 100) : 0;
                return (
                  <li key={d.id}>
                    <div className="flex justify-between gap-2 text-sm">
                      <span className="font-medium text-slate-800">{d.name}</span>
                      <span className="text-slate-600">
                        {d.present} of {d.total} ({pct}%)
                      </span>
                    </div>
                    <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden="true">
                      <div className="h-2 rounded-full bg-indigo-600" style={{ width: `${pct}%` }} />
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
