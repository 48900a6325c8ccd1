import { DoorOpen, LogIn, LogOut } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { QueryState } from '@/components/ui/QueryState';
import { instantText } from '@/lib/dates';
import { useDashboardStats } from '../api/dashboard-api';

/** On the organisation's clock, like every instant the app shows: "Wed 25 Nov, 11:40". */
const when = (iso: string) => instantText(iso, false);

/** The five latest check-ins and check-outs. */
export function RecentActivity() {
  const stats = useDashboardStats();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Activity</CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState
          query={stats}
          what="Recent activity is"
          isEmpty={(data) => data.recentActivity.length === 0}
          empty="No activity yet."
        >
          {({ recentActivity }) => (
            <ul className="divide-y divide-slate-100" data-testid="recent-activity">
              {recentActivity.map((item) => {
                const Icon =
                  item.type === 'access' ? DoorOpen : item.message.endsWith('checked out') ? LogOut : LogIn;
                return (
                  <li
                    // A badge check-in is both an access passage and an attendance item at one instant.
                    key={`${item.type}-${item.user.id}-${item.timestamp}`}
                    className="flex items-center gap-3 py-2 text-sm"
                  >
                    <Icon aria-hidden="true" className="size-4 shrink-0 text-indigo-600" />
                    <span className="min-w-0 flex-1 text-slate-800">{item.message}</span>
                    <time dateTime={item.timestamp} className="shrink-0 text-slate-500">
                      {when(item.timestamp)}
                    </time>
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
