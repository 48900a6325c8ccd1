import type { LeaveApplication, LeaveBalance } from '@atrium/contract';
import { CalendarPlus, History } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { formatPeriod, plural } from '../lib/format';
import { BalanceCards } from './BalanceCards';
import { Reason } from './LeaveHistory';
import { StatusBadge } from './StatusBadge';
import { WaitingFor } from './WaitingFor';

/** Recent leave applications shown on the Overview (spec section 9). */
const RECENT = 3;

export function LeaveOverview({
  balances,
  applications,
  onApply,
  onHistory,
}: {
  balances: LeaveBalance[];
  applications: LeaveApplication[];
  onApply: () => void;
  onHistory: () => void;
}) {
  return (
    <div className="space-y-6">
      <BalanceCards balances={balances} />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle>Quick actions</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-2">
            <Button onClick={onApply}>
              <CalendarPlus aria-hidden="true" className="size-4" /> Apply for Leave
            </Button>
            <Button variant="secondary" onClick={onHistory}>
              <History aria-hidden="true" className="size-4" /> View History
            </Button>
          </CardContent>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader className="flex items-center justify-between gap-2">
            <CardTitle>Recent applications</CardTitle>
            {applications.length > 0 ? (
              <Button variant="ghost" size="sm" onClick={onHistory}>
                View all
              </Button>
            ) : null}
          </CardHeader>
          <CardContent>
            {applications.length === 0 ? (
              <p className="py-6 text-center text-sm text-slate-600">No leave applications yet</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {applications.slice(0, RECENT).map((a) => (
                  <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                    <div className="min-w-0">
                      <p className="text-sm font-medium text-slate-900">{a.leave_type_name}</p>
                      <p className="text-sm text-slate-600">
                        {formatPeriod(a)} · {plural(a.days_requested, 'day')}
                      </p>
                      <Reason application={a} />
                    </div>
                    <div className="flex flex-col items-end gap-1 text-right">
                      <StatusBadge status={a.status} />
                      <WaitingFor application={a} />
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
