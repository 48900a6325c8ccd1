import { LogIn, LogOut } from 'lucide-react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card, CardContent } from '@/components/ui/Card';
import { Detail } from '@/components/ui/Detail';
import { QueryState } from '@/components/ui/QueryState';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { useCheckInOut, useMyStatus } from '../api/attendance-api';
import { formatTime } from '../lib/format';

/** Today's times; the buttons appear only when the server says the action is allowed. */
export function TodayTab() {
  const toast = useToast();
  const status = useMyStatus();
  const checkIn = useCheckInOut('check-in');
  const checkOut = useCheckInOut('check-out');
  return (
    <QueryState query={status} what="Today's attendance is">
      {(s) => (
        <Card>
          <CardContent className="space-y-4">
            <dl className="grid gap-3 text-sm sm:grid-cols-3">
              <Detail label="Check In" look="tile">
                {formatTime(s.check_in_time, s.time_zone) ?? 'Not recorded'}
              </Detail>
              <Detail label="Check Out" look="tile">
                {formatTime(s.check_out_time, s.time_zone) ?? 'Not recorded'}
              </Detail>
              <Detail label="Hours Worked" look="tile">
                {s.hours_worked === null ? 'Not recorded' : `${s.hours_worked.toFixed(1)} h`}
              </Detail>
            </dl>
            {s.late ? <Badge tone="warning">Late arrival</Badge> : null}
            <div className="flex flex-wrap gap-2">
              {s.canCheckIn ? (
                <Button
                  disabled={checkIn.isPending}
                  onClick={() =>
                    checkIn.mutate(undefined, {
                      onError: (e) => toast.error(errorMessage(e, 'Check-in failed')),
                    })
                  }
                >
                  <LogIn aria-hidden="true" className="size-4" />
                  {checkIn.isPending ? 'Checking in...' : 'Check In'}
                </Button>
              ) : null}
              {s.canCheckOut ? (
                <Button
                  variant="secondary"
                  disabled={checkOut.isPending}
                  onClick={() =>
                    checkOut.mutate(undefined, {
                      onError: (e) => toast.error(errorMessage(e, 'Check-out failed')),
                    })
                  }
                >
                  <LogOut aria-hidden="true" className="size-4" />
                  {checkOut.isPending ? 'Checking out...' : 'Check Out'}
                </Button>
              ) : null}
            </div>
          </CardContent>
        </Card>
      )}
    </QueryState>
  );
}
