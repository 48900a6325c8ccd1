import { type Delegation, DelegationRequest, MAX_DELEGATION_DAYS } from '@atrium/contract';
import { addDays } from '@atrium/contract/calendar';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { FormAlert } from '@/components/ui/FormAlert';
import { FormField } from '@/components/ui/FormField';
import { inputClasses } from '@/components/ui/input-classes';
import { PersonPicker } from '@/components/ui/PersonPicker';
import { personName, usePersonPicker } from '@/components/ui/person-picker';
import { QueryState } from '@/components/ui/QueryState';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage, isApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth-context';
import { dayMonthYearText } from '@/lib/dates';
import { checkForm, type FieldErrors, serverFieldErrors, type Wording } from '@/lib/form-errors';
import { organisationToday } from '@/lib/org-time';
import { DIRECTORY_PEOPLE_SHOWN, directoryQuery } from '@/lib/queries/people-directory';
import { useEndDelegation, useMyDelegation, useSetDelegation } from '../api/delegation-api';

const LABELS = { delegateId: 'Delegate', from: 'From', to: 'To' };
type Field = keyof typeof LABELS;

/** The form's own sentences where the contract's rule alone would read oddly. */
const FORM_WORDING: Wording<Field> = {
  delegateId: { invalid_type: 'Choose someone to delegate to' },
  from: { invalid_format: 'Choose the first day' },
  to: { invalid_format: 'Choose the last day' },
};

/** The server's rules (its 400 details) in the form's words: its messages name the API fields. */
const SERVER_WORDING: Wording<Field> = {
  delegateId: { active_person: 'Choose an active person' },
  from: { not_past: 'From must be today or later' },
  to: { max_period: `To must be within ${MAX_DELEGATION_DAYS} days of From` },
};

/** "Dev Delegate decides your team's leave from 16 Jun 2026 to 19 Jun 2026" */
const decidesText = (name: string, from: string, to: string) =>
  `${name} decides your team's leave from ${dayMonthYearText(from)} to ${dayMonthYearText(to)}`;

/**
 * Delegate My Approvals, on My Team: a manager hands their team's leave decisions to someone for
 * a period (a holiday, say), or ends the delegation they made. Hidden from someone who manages no
 * department themselves (the server answers them 403): approvals handed to them cannot be handed on.
 */
export function DelegationCard() {
  const ids = useId();
  const delegation = useMyDelegation();
  const heading = useRef<HTMLHeadingElement>(null);

  if (delegation.isPending) return null;
  if (delegation.isError && isApiError(delegation.error) && delegation.error.status === 403) return null;

  return (
    <Card aria-labelledby={`${ids}-title`}>
      <CardHeader>
        <CardTitle id={`${ids}-title`} ref={heading} tabIndex={-1} className="focus:outline-none">
          Delegate My Approvals
        </CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          While you are away, someone else can see and decide your team's leave on your behalf.
        </p>
      </CardHeader>
      <CardContent>
        <QueryState query={delegation} what="Your delegation is" retryLabel="Retry loading your delegation">
          {(current) =>
            current ? (
              <CurrentDelegation delegation={current} heading={heading} />
            ) : (
              <DelegationForm heading={heading} />
            )
          }
        </QueryState>
      </CardContent>
    </Card>
  );
}

function CurrentDelegation({
  delegation,
  heading,
}: {
  delegation: Delegation;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const end = useEndDelegation();
  const toast = useToast();

  const endIt = () =>
    end.mutate(undefined, {
      onSuccess: () => {
        toast.success('Delegation ended');
        // The button goes with the delegation: keep the keyboard in the card.
        heading.current?.focus();
      },
      onError: (error) =>
        toast.error(errorMessage(error, 'The delegation could not be ended. Please try again.')),
    });

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-800" data-testid="delegation-current">
        {decidesText(delegation.delegate.name, delegation.from, delegation.to)}.
      </p>
      <Button variant="secondary" className="shrink-0" onClick={endIt} disabled={end.isPending}>
        {end.isPending ? 'Ending...' : 'End Delegation'}
      </Button>
    </div>
  );
}

function DelegationForm({ heading }: { heading: RefObject<HTMLHeadingElement | null> }) {
  const { user } = useAuth();
  const today = organisationToday();
  // One's approvals go to someone else: the server refuses oneself.
  const picker = usePersonPicker(directoryQuery, {
    shown: DIRECTORY_PEOPLE_SHOWN,
    exclude: (person) => person.id === user?.id,
  });
  const chosen = picker.chosen;
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSetDelegation();
  const toast = useToast();
  const earliestTo = from && from >= today ? from : today;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = checkForm(DelegationRequest, { delegateId: chosen?.id, from, to }, LABELS, FORM_WORDING);
    if (!checked.ok) {
      // The contract's "on or after from" says the field's API name: the form says its label.
      const backwards = from !== '' && to !== '' && to < from;
      setErrors(backwards ? { ...checked.errors, to: 'To must be on or after From' } : checked.errors);
      return;
    }
    setErrors({});
    const name = chosen ? personName(chosen) : '';
    save.mutate(checked.data, {
      onSuccess: (saved) => {
        toast.success(
          decidesText(
            saved?.delegate.name ?? name,
            saved?.from ?? checked.data.from,
            saved?.to ?? checked.data.to,
          ),
        );
        // The form goes with the change: keep the keyboard in the card.
        heading.current?.focus();
      },
      onError: (error) => {
        setErrors(serverFieldErrors(error, LABELS, SERVER_WORDING));
        setFailure(errorMessage(error, 'The delegation could not be saved. Please try again.'));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <PersonPicker picker={picker} label="Delegate" error={errors.delegateId} placeholder="Name" />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="From" error={errors.from}>
          {(control) => (
            <input
              {...control}
              type="date"
              className={`mt-1 ${inputClasses}`}
              value={from}
              min={today}
              onChange={(e) => setFrom(e.target.value)}
            />
          )}
        </FormField>
        <FormField
          label="To"
          error={errors.to}
          hint={`Both days included; at most ${MAX_DELEGATION_DAYS} days.`}
        >
          {(control) => (
            <input
              {...control}
              type="date"
              className={`mt-1 ${inputClasses}`}
              value={to}
              min={earliestTo}
              max={addDays(earliestTo, MAX_DELEGATION_DAYS - 1)}
              onChange={(e) => setTo(e.target.value)}
            />
          )}
        </FormField>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Delegating...' : 'Delegate'}
        </Button>
      </div>
      <FormAlert>{failure}</FormAlert>
    </form>
  );
}
