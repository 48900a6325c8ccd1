import type { Person } from '@atrium/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { FormAlert } from '@/components/ui/FormAlert';
import { FormDialog } from '@/components/ui/FormDialog';
import { PersonPicker } from '@/components/ui/PersonPicker';
import { personName, usePersonPicker } from '@/components/ui/person-picker';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { serverFieldErrors, type Wording } from '@/lib/form-errors';
import { DIRECTORY_PEOPLE_SHOWN, directoryQuery } from '@/lib/queries/people-directory';
import { useSetLeaveApprover } from '../api/people-api';

const LABELS = { approverId: 'Approver' };

/** The server's rules (its 400 details name the API field) in the form's words. */
const SERVER_WORDING: Wording<keyof typeof LABELS> = {
  approverId: {
    not_self: 'Choose someone other than the person themselves',
    active_person: 'Choose an active person',
  },
};

/**
 * Who decides the person's leave: their own leave approver, chosen from everyone active, or
 * (cleared) their department's managers.
 */
export function LeaveApproverSection({ person }: { person: Person }) {
  const ids = useId();
  const [changing, setChanging] = useState(false);
  const change = useRef<HTMLButtonElement>(null);
  const set = useSetLeaveApprover(person.id);
  const toast = useToast();
  const name = personName(person);
  const approver = person.leave_approver;

  const clear = () =>
    set.mutate(null, {
      onSuccess: () => {
        toast.success(`${name}'s leave goes to their department's managers`);
        // Clear goes with the approver: keep the keyboard in the section.
        change.current?.focus();
      },
      onError: (error) => toast.error(errorMessage(error, 'The leave approver could not be cleared')),
    });

  return (
    <Card aria-labelledby={`${ids}-title`}>
      <CardHeader>
        <CardTitle id={`${ids}-title`}>Leave approver</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900" data-testid="leave-approver">
            {approver ? approver.name : 'Department managers'}
          </p>
          <p className="text-sm text-slate-600">
            {approver
              ? "Decides their leave instead of their department's managers."
              : "Their department's managers decide their leave."}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button ref={change} variant="secondary" onClick={() => setChanging(true)}>
            Change
          </Button>
          {approver ? (
            <Button variant="secondary" onClick={clear} disabled={set.isPending}>
              {set.isPending ? 'Clearing...' : 'Clear'}
            </Button>
          ) : null}
        </div>
      </CardContent>
      {changing ? <ApproverDialog person={person} onClose={() => setChanging(false)} /> : null}
    </Card>
  );
}

function ApproverDialog({ person, onClose }: { person: Person; onClose: () => void }) {
  const ids = useId();
  const name = personName(person);
  // Nobody approves their own leave: the server refuses the person themselves.
  const picker = usePersonPicker(directoryQuery, {
    shown: DIRECTORY_PEOPLE_SHOWN,
    exclude: (candidate) => candidate.id === person.id,
  });
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const set = useSetLeaveApprover(person.id);
  const toast = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const chosen = picker.chosen;
    if (!chosen) {
      setError('Choose a person to approve their leave');
      return;
    }
    setError(undefined);
    set.mutate(chosen.id, {
      onSuccess: (saved) => {
        toast.success(`${saved.leave_approver?.name ?? personName(chosen)} approves ${name}'s leave`);
        onClose();
      },
      onError: (e) => {
        setError(serverFieldErrors(e, LABELS, SERVER_WORDING).approverId);
        setFailure(errorMessage(e, 'The leave approver could not be saved. Please try again.'));
      },
    });
  };

  return (
    <FormDialog
      onClose={onClose}
      title={`Leave approver: ${name}`}
      formId={`${ids}-form`}
      onSubmit={submit}
      submitLabel={set.isPending ? 'Saving...' : 'Save'}
      busy={set.isPending}
    >
      <p className="text-sm text-slate-600">
        Any active person can approve {name}'s leave instead of their department's managers. Applications
        waiting now go to them too.
      </p>
      <PersonPicker picker={picker} label="Approver" error={error} placeholder="Name" />
      <FormAlert>{failure}</FormAlert>
    </FormDialog>
  );
}
