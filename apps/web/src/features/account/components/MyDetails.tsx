import type { Profile } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Detail } from '@/components/ui/Detail';
import { QueryState } from '@/components/ui/QueryState';
import { roleLabel } from '@/lib/roles';
import { profileQueries } from '../api/profile-api';
import { formatDay } from '../lib/format';

/** The person's own record, read only: administrators keep it. */
export function MyDetails() {
  const profile = useQuery(profileQueries.profile());
  return (
    <Card aria-labelledby="my-details-title">
      <CardHeader>
        <CardTitle id="my-details-title">My Details</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          Your administrators keep these details. Ask one of them if anything needs changing.
        </p>
      </CardHeader>
      <CardContent>
        <QueryState query={profile} what="Your details" loading="Loading your details">
          {(mine) => <Details profile={mine} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function Details({ profile }: { profile: Profile }) {
  const rows: [string, string][] = [
    ['Name', `${profile.first_name} ${profile.last_name}`],
    ['Email', profile.email],
    ['Employee number', profile.employee_number],
    ['Badge number', profile.badge_number],
    ['Department', profile.department_name ?? 'None'],
    ['Role', roleLabel(profile.role)],
  ];
  if (profile.start_date) rows.push(['Start date', formatDay(profile.start_date)]);
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      {rows.map(([term, value]) => (
        <Detail key={term} label={term} look="caps">
          {value}
        </Detail>
      ))}
    </dl>
  );
}
