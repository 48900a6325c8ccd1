import type { MailPreferences, MailPreferencesResponse } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Checkbox } from '@/components/ui/Checkbox';
import { QueryState } from '@/components/ui/QueryState';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { profileQueries, useUpdateMailPreferences } from '../api/profile-api';

/**
 * Which optional mails the person gets. Each box saves as it is ticked (there is nothing else to
 * fill in, so a Save button would only be one more thing to forget). Invitations and password
 * resets are always sent and are not offered here.
 */
export function MailSettings() {
  const mail = useQuery(profileQueries.mail());
  return (
    <Card aria-labelledby="mail-settings-title">
      <CardHeader>
        <CardTitle id="mail-settings-title">Email</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          Choose what Atrium mails you. Invitations and password reset links are always sent.
        </p>
      </CardHeader>
      <CardContent>
        <QueryState query={mail} what="Your email choices" loading="Loading your email choices">
          {(answer) => <Choices answer={answer} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function Choices({ answer }: { answer: MailPreferencesResponse }) {
  const update = useUpdateMailPreferences();
  const toast = useToast();
  const { preferences } = answer;

  const set = (field: keyof MailPreferences) => (event: { target: { checked: boolean } }) => {
    update.mutate(
      { ...preferences, [field]: event.target.checked },
      {
        onSuccess: () => toast.success('Email choices saved'),
        onError: (error) => toast.error(errorMessage(error, 'Your email choices could not be saved.')),
      },
    );
  };

  return (
    <fieldset className="space-y-4" disabled={update.isPending}>
      <legend className="sr-only">Optional mails</legend>
      <Choice
        id="mail-leave-updates"
        checked={preferences.mail_leave_updates}
        onChange={set('mail_leave_updates')}
        label="Leave updates"
        hint="A request that waits for your decision or was escalated to you, and the decision on your own requests."
      />
      {answer.device_alerts_offered && (
        <Choice
          id="mail-device-alerts"
          checked={preferences.mail_device_alerts}
          onChange={set('mail_device_alerts')}
          label="Device alerts"
          hint="A door or camera device gone offline, and a door forced open."
        />
      )}
    </fieldset>
  );
}

function Choice(props: {
  id: string;
  checked: boolean;
  onChange: (event: { target: { checked: boolean } }) => void;
  label: string;
  hint: string;
}) {
  return (
    <div className="flex items-start gap-3">
      <Checkbox
        id={props.id}
        checked={props.checked}
        onChange={props.onChange}
        aria-describedby={`${props.id}-hint`}
      />
      <div>
        <label htmlFor={props.id} className="text-sm font-medium text-slate-900">
          {props.label}
        </label>
        <p id={`${props.id}-hint`} className="text-sm text-slate-600">
          {props.hint}
        </p>
      </div>
    </div>
  );
}
