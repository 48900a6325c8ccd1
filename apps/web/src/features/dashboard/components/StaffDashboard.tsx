import { CalendarDays, Clock, LogIn, LogOut, Palmtree } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { buttonClasses } from '@/components/ui/button-styles';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { useToast } from '@/components/ui/toast-context';
import { Unavailable } from '@/components/ui/Unavailable';
import { errorMessage } from '@/lib/api';
import { useMyDay, useQuickAttendance, useQuickStats } from '../api/dashboard-api';
import { greeting } from '../greeting';

/** An instant's hour and minute on the person's site's clock. */
const timeOf = (iso: string | null, timeZone: string) =>
  iso
    ? new Intl.DateTimeFormat('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone,
      }).format(new Date(iso))
    : null;

const linkClass = 'text-sm font-medium text-indigo-700 hover:text-indigo-900 hover:underline';

export function StaffDashboard({ firstName }: { firstName: string }) {
  const toast = useToast();
  const quick = useQuickStats();
  const today = useMyDay();
  const checkIn = useQuickAttendance('check-in');
  const checkOut = useQuickAttendance('check-out');

  const stats = quick.data;
  const present = stats?.attendanceStatus === 'present';
  const checkedOut = present && !stats?.canCheckOut;
  const status = today.data;

  const run = (mutation: typeof checkIn, fallback: string) =>
    mutation.mutate(undefined, { onError: (error) => toast.error(errorMessage(error, fallback)) });

  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
            {greeting()}, {firstName}
          </h1>
          <div className="mt-2" data-testid="attendance-indicator">
            {stats ? (
              <Badge tone={present && !checkedOut ? 'success' : 'neutral'}>
                <span
                  aria-hidden="true"
                  className={`size-2 rounded-full ${present && !checkedOut ? 'bg-green-500' : 'bg-slate-400'}`}
                />
                {checkedOut ? 'Checked Out' : present ? 'Checked In' : 'Not Checked In'}
              </Badge>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {stats && !present ? (
            <Button onClick={() => run(checkIn, 'Check-in failed')} disabled={checkIn.isPending}>
              <LogIn aria-hidden="true" className="size-4" />
              {checkIn.isPending ? 'Checking in...' : 'Quick Check In'}
            </Button>
          ) : null}
          {stats?.canCheckOut ? (
            <Button
              variant="secondary"
              onClick={() => run(checkOut, 'Check-out failed')}
              disabled={checkOut.isPending}
            >
              <LogOut aria-hidden="true" className="size-4" />
              {checkOut.isPending ? 'Checking out...' : 'Quick Check Out'}
            </Button>
          ) : null}
          <Link to="/leave" className={buttonClasses('secondary')}>
            <Palmtree aria-hidden="true" className="size-4" />
            Apply for Leave
          </Link>
        </div>
      </header>

      {quick.isError ? (
        <Unavailable what="Your dashboard figures are" onRetry={() => void quick.refetch()} />
      ) : null}
      {quick.isPending ? <Spinner /> : null}

      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader className="flex items-center justify-between gap-2">
            <CardTitle>Today's Status</CardTitle>
            <Clock aria-hidden="true" className="size-5 text-indigo-600" />
          </CardHeader>
          <CardContent className="space-y-2">
            {stats ? (
              <p className="text-lg font-semibold text-slate-900">
                {checkedOut ? 'Checked Out' : present ? 'Checked In' : 'Not Checked In'}
              </p>
            ) : null}
            <p className="text-sm text-slate-600">
              {stats?.canCheckOut
                ? 'Ready to check out'
                : present
                  ? 'Your day is recorded'
                  : 'Start your day'}
            </p>
            <Link to="/attendance" className={linkClass}>
              View Details
            </Link>
          </CardContent>
        </Card>

        <Card>
          <CardHeader className="flex items-center justify-between gap-2">
            <CardTitle>Leave Balance</CardTitle>
            <CalendarDays aria-hidden="true" className="size-5 text-indigo-600" />
          </CardHeader>
          <CardContent className="space-y-2">
            {stats ? (
              <p className="text-3xl font-semibold text-slate-900" data-testid="leave-balance">
                {stats.totalLeaveBalance ?? 0}{' '}
                <span className="text-base font-normal text-slate-600">days</span>
              </p>
            ) : null}
            <p className="text-sm text-slate-600">Available this year</p>
            <Link to="/leave" className={linkClass}>
              Manage Leave
            </Link>
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Today's Summary</CardTitle>
        </CardHeader>
        <CardContent>
          {today.isError ? (
            <Unavailable what="Today's attendance is" onRetry={() => void today.refetch()} />
          ) : (
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <SummaryRow
                label="Check In"
                value={status ? (timeOf(status.check_in_time, status.time_zone) ?? 'Not recorded') : '…'}
              />
              <SummaryRow
                label="Check Out"
                value={status ? (timeOf(status.check_out_time, status.time_zone) ?? 'Not recorded') : '…'}
              />
              <SummaryRow
                label="Hours Worked"
                value={
                  status
                    ? status.hours_worked === null
                      ? 'Not recorded'
                      : `${status.hours_worked.toFixed(1)} h`
                    : '…'
                }
              />
              <SummaryRow
                label="Leave Requests"
                value={stats ? pendingText(stats.myPendingLeaveRequests) : '…'}
              />
            </dl>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Quick Links</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <Link to="/attendance" className={buttonClasses('secondary')}>
            View Attendance History
          </Link>
          <Link to="/leave" className={buttonClasses('secondary')}>
            Apply for Leave
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}

function pendingText(count: number): string {
  if (count === 0) return 'No pending requests';
  return count === 1 ? '1 pending request' : `${count} pending requests`;
}
