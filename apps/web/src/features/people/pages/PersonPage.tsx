import type { Invitation, Person } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { FormDialog } from '@/components/ui/FormDialog';
import { FormField } from '@/components/ui/FormField';
import { inputClasses } from '@/components/ui/input-classes';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { useToast } from '@/components/ui/toast-context';
import { Unavailable } from '@/components/ui/Unavailable';
import { errorMessage, isApiError } from '@/lib/api';
import { calendarDateText } from '@/lib/dates';
import { organisationToday } from '@/lib/org-time';
import { roleLabel } from '@/lib/roles';
import { useSiteChoices } from '@/lib/site-choices';
import { peopleQueries, useMakeInvitation, useSetActive } from '../api/people-api';
import { InvitationDialog } from '../components/InvitationDialog';
import { LeaveApproverSection } from '../components/LeaveApproverSection';
import { PersonAccessSection } from '../components/PersonAccessSection';
import { PersonFormDialog } from '../components/PersonFormDialog';
import { AttendanceSection, LeaveSection, scheduleText } from '../components/PersonSections';

const fullName = (p: Person) => `${p.first_name} ${p.last_name}`;

/** One person, as an administrator sees and manages them (/settings/people/:id). */
export function PersonPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({ ...peopleQueries.person(id), enabled: valid });
  const [dialog, setDialog] = useState<'edit' | 'active' | 'reset' | null>(null);
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const { several } = useSiteChoices();

  const back = (
    <Link
      to="/settings"
      className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      People
    </Link>
  );

  if (!valid || detail.isError) {
    const missing = !valid || (isApiError(detail.error) && detail.error.code === 'not_found');
    return (
      <>
        {back}
        <PageHeader title={missing ? 'Person not found' : 'Person'} />
        {missing ? null : <Unavailable what="This person is" onRetry={() => void detail.refetch()} />}
      </>
    );
  }
  if (!detail.data) return <Spinner label="Loading person" />;
  const { person, schedule } = detail.data;
  const name = fullName(person);

  return (
    <>
      {back}
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {name}
            <Badge tone={person.active ? 'success' : 'neutral'}>
              {person.active ? 'Active' : 'Disabled'}
            </Badge>
          </span>
        }
        description={person.email}
        actions={
          <>
            <Button variant="secondary" onClick={() => setDialog('edit')}>
              Edit
            </Button>
            {person.active ? (
              <InvitationButton
                person={person}
                onMade={setInvitation}
                onConfirmReset={() => setDialog('reset')}
              />
            ) : null}
            <Button variant={person.active ? 'danger' : 'secondary'} onClick={() => setDialog('active')}>
              {person.active ? 'Disable' : 'Enable'}
            </Button>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Details</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
              <Item label="Employee number" value={person.employee_number} mono />
              <Item label="Badge number" value={person.badge_number} mono />
              <Item label="Department" value={person.department_name ?? 'No department'} />
              {several ? (
                <Item
                  label="Site"
                  value={
                    person.home_site_id === null ? `${person.site} (department's)` : `${person.site} (own)`
                  }
                />
              ) : null}
              <Item label="Role" value={roleLabel(person.role)} />
              <Item
                label="Start date"
                value={person.start_date ? calendarDateText(person.start_date) : 'Not set'}
              />
              <Item
                label="Last working day"
                value={person.end_date ? calendarDateText(person.end_date) : 'Not set'}
              />
              <Item label="Password" value={person.has_password ? 'Set' : 'Not set'} />
              <Item label="Schedule" value={scheduleText(schedule)} wide />
            </dl>
          </CardContent>
        </Card>
        <LeaveApproverSection person={person} />
        <LeaveSection balances={detail.data.leave_balances} />
        <AttendanceSection days={detail.data.recent_attendance} />
        <PersonAccessSection person={{ id: person.id, name }} permissions={detail.data.access_permissions} />
      </div>
      {dialog === 'edit' ? <PersonFormDialog person={person} onClose={() => setDialog(null)} /> : null}
      {dialog === 'active' ? <ActiveDialog person={person} onClose={() => setDialog(null)} /> : null}
      {dialog === 'reset' ? (
        <ResetDialog
          person={person}
          onClose={() => setDialog(null)}
          onMade={(made) => {
            setDialog(null);
            setInvitation(made);
          }}
        />
      ) : null}
      {invitation ? (
        <InvitationDialog
          invitation={invitation}
          name={name}
          reset={person.has_password}
          onClose={() => setInvitation(null)}
        />
      ) : null}
    </>
  );
}

function Item({
  label,
  value,
  mono,
  wide,
}: {
  label: string;
  value: string;
  mono?: boolean;
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-slate-600">{label}</dt>
      <dd className={mono ? 'font-mono text-slate-900' : 'font-medium text-slate-900'}>{value}</dd>
    </div>
  );
}

/** A first invitation is made at once; a reset ends sessions, so it asks first. */
function InvitationButton({
  person,
  onMade,
  onConfirmReset,
}: {
  person: Person;
  onMade: (invitation: Invitation) => void;
  onConfirmReset: () => void;
}) {
  const make = useMakeInvitation(person.id);
  const toast = useToast();
  if (person.has_password) {
    return (
      <Button variant="secondary" onClick={onConfirmReset}>
        Reset password
      </Button>
    );
  }
  return (
    <Button
      variant="secondary"
      disabled={make.isPending}
      onClick={() =>
        make.mutate(undefined, {
          onSuccess: onMade,
          onError: (error) => toast.error(errorMessage(error, 'Failed to make the link')),
        })
      }
    >
      Invitation link
    </Button>
  );
}

function ResetDialog({
  person,
  onClose,
  onMade,
}: {
  person: Person;
  onClose: () => void;
  onMade: (invitation: Invitation) => void;
}) {
  const make = useMakeInvitation(person.id);
  const toast = useToast();
  return (
    <FormDialog
      onClose={onClose}
      title={`Reset ${fullName(person)}'s password?`}
      formId="reset-form"
      busy={make.isPending}
      submitLabel={make.isPending ? 'Making link...' : 'Make Reset Link'}
      onSubmit={(e) => {
        e.preventDefault();
        make.mutate(undefined, {
          onSuccess: onMade,
          onError: (error) => toast.error(errorMessage(error, 'Failed to make the link')),
        });
      }}
    >
      <p className="text-sm text-slate-700">
        Their sessions end at once. Their current password keeps working until they use the new link, which
        replaces any earlier one.
      </p>
    </FormDialog>
  );
}

function ActiveDialog({ person, onClose }: { person: Person; onClose: () => void }) {
  const setActive = useSetActive(person.id);
  const toast = useToast();
  const disabling = person.active;
  const today = organisationToday();
  const [endDate, setEndDate] = useState(
    person.end_date && person.end_date <= today ? person.end_date : today,
  );
  return (
    <FormDialog
      onClose={onClose}
      title={disabling ? `Disable ${fullName(person)}?` : `Enable ${fullName(person)}?`}
      formId="active-form"
      danger={disabling}
      busy={setActive.isPending}
      submitLabel={setActive.isPending ? 'Saving...' : disabling ? 'Disable' : 'Enable'}
      onSubmit={(e) => {
        e.preventDefault();
        setActive.mutate(
          { active: !disabling, endDate: disabling && endDate ? endDate : undefined },
          {
            onSuccess: () => {
              toast.success(disabling ? `${fullName(person)} disabled` : `${fullName(person)} enabled`);
              onClose();
            },
            onError: (error) => toast.error(errorMessage(error, 'Failed to save')),
          },
        );
      }}
    >
      <p className="text-sm text-slate-700">
        {disabling
          ? 'Their sessions end at once and they can no longer sign in. Their attendance, leave and access history stays, counted up to their last working day.'
          : person.end_date && person.end_date < today
            ? `They can sign in again with their password, and are employed again: their last working day (${calendarDateText(person.end_date)}) is cleared.`
            : 'They can sign in again with their password.'}
      </p>
      {disabling ? (
        <FormField label="Last working day">
          {(control) => (
            <input
              {...control}
              type="date"
              className={`mt-1 ${inputClasses}`}
              value={endDate}
              min={person.start_date ?? undefined}
              max={today}
              onChange={(e) => setEndDate(e.target.value)}
            />
          )}
        </FormField>
      ) : null}
    </FormDialog>
  );
}
