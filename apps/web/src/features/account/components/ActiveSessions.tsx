import type { SessionInfo } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { Monitor, Smartphone } from 'lucide-react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { QueryState } from '@/components/ui/QueryState';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { profileQueries, useEndOtherSessions, useEndSession } from '../api/profile-api';
import { formatInstant } from '../lib/format';

const deviceName = (s: SessionInfo) => `${s.browser} on ${s.os}`;
const isPhone = (s: SessionInfo) => s.os === 'iOS' || s.os === 'Android';

/** Where the person is signed in; any other session can be ended from here, at once. */
export function ActiveSessions() {
  const sessions = useQuery(profileQueries.sessions());
  const endOthers = useEndOtherSessions();
  const toast = useToast();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  const onEndOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: ({ endedSessions }) =>
        toast.success(
          endedSessions === 1 ? '1 other session signed out' : `${endedSessions} other sessions signed out`,
        ),
      onError: (error) => toast.error(errorMessage(error, 'Failed to sign out the other sessions')),
    });

  return (
    <Card aria-labelledby="sessions-title">
      <CardHeader className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <CardTitle id="sessions-title">Active Sessions</CardTitle>
          <p className="mt-1 text-sm text-slate-600">
            Where you are signed in. Ending a session signs that device out at once.
          </p>
        </div>
        {others > 0 ? (
          <Button variant="secondary" onClick={onEndOthers} disabled={endOthers.isPending}>
            Sign out everywhere else
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        <QueryState query={sessions} what="Sessions" loading="Loading your sessions">
          {(list) => (
            <ul aria-labelledby="sessions-title" className="divide-y divide-slate-100">
              {list.map((session) => (
                <SessionRow key={session.id} session={session} />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function SessionRow({ session }: { session: SessionInfo }) {
  const end = useEndSession();
  const toast = useToast();
  const name = deviceName(session);
  const signedIn = formatInstant(session.created_at);
  const Icon = isPhone(session) ? Smartphone : Monitor;

  const onEnd = () =>
    end.mutate(session.id, {
      onSuccess: () => toast.success(`${name} signed out`),
      onError: (error) => toast.error(errorMessage(error, 'Failed to end the session')),
    });

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
      <Icon aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          {name}
          {session.current ? <Badge tone="success">This device</Badge> : null}
        </p>
        <p className="text-xs text-slate-600">
          Signed in {signedIn}
          {session.ip ? ` · ${session.ip}` : ''}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          size="sm"
          className="min-h-11 sm:min-h-8"
          onClick={onEnd}
          disabled={end.isPending}
          aria-label={`End session ${name}, signed in ${signedIn}`}
        >
          End session
        </Button>
      )}
    </li>
  );
}
