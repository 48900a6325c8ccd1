import { CreateApiTokenRequest, type CreatedApiToken, TOKEN_SCOPES, type TokenScope } from '@atrium/contract';
import { addDays } from '@atrium/contract/calendar';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { CopyField } from '@/components/ui/CopyField';
import { Dialog } from '@/components/ui/Dialog';
import { FieldError } from '@/components/ui/FieldError';
import { FormDialog } from '@/components/ui/FormDialog';
import { FormField } from '@/components/ui/FormField';
import { inputClasses } from '@/components/ui/input-classes';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { calendarDateText } from '@/lib/dates';
import { checkForm, type FieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { organisationInstant, organisationToday } from '@/lib/org-time';
import { useCreateApiToken } from '../api/api-tokens-api';

const LABELS = { name: 'Name', scopes: 'Scopes', expiresAt: 'Expiry date' };
/** The latest expiry the date field offers: the server allows a year (366 days) from now. */
const MAX_DAYS_AHEAD = 365;
const DEFAULT_DAYS = 90;

/**
 * Create a token: a name, what it may do (scopes) and the last day it works. The secret comes back
 * once, and the dialog then shows it with a Copy button until the administrator closes it.
 */
export function CreateTokenDialog({ onClose }: { onClose: () => void }) {
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  return created ? (
    <TokenSecretDialog created={created} onClose={onClose} />
  ) : (
    <CreateTokenForm onCreated={setCreated} onClose={onClose} />
  );
}

function CreateTokenForm({
  onCreated,
  onClose,
}: {
  onCreated: (created: CreatedApiToken) => void;
  onClose: () => void;
}) {
  const today = organisationToday();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>([]);
  const [expiry, setExpiry] = useState(addDays(today, DEFAULT_DAYS));
  const [errors, setErrors] = useState<FieldErrors<keyof typeof LABELS>>({});
  const create = useCreateApiToken();
  const toast = useToast();

  const toggle = (scope: TokenScope, on: boolean) =>
    setScopes((current) =>
      on
        ? TOKEN_SCOPES.map((s) => s.action).filter((a) => a === scope || current.includes(a))
        : current.filter((s) => s !== scope),
    );

  const submit = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(expiry)) {
      setErrors({ expiresAt: 'Expiry date is required' });
      return;
    }
    // The token works until the end of that day on the organisation's clock (its last second too).
    const values = { name, scopes, expiresAt: organisationInstant(expiry, '23:59:59') };
    const checked = checkForm(CreateApiTokenRequest, values, LABELS);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    create.mutate(checked.data, {
      onSuccess: onCreated,
      onError: (error) => {
        setErrors(serverFieldErrors(error, LABELS));
        toast.error(errorMessage(error, 'Failed to create the token'));
      },
    });
  };

  const scopesError = errors.scopes;
  return (
    <FormDialog
      onClose={onClose}
      title="Create API Token"
      formId="create-api-token-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      submitLabel={create.isPending ? 'Creating...' : 'Create Token'}
      busy={create.isPending}
      formClassName="grid gap-4"
    >
      <FormField label="Name" error={errors.name} hint="Which system uses it, e.g. Payroll sync.">
        {(control) => (
          <input
            {...control}
            className={`mt-1 ${inputClasses}`}
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </FormField>
      <fieldset aria-describedby={scopesError ? 'token-scopes-error' : 'token-scopes-hint'}>
        <legend className="text-sm font-medium text-slate-700">Scopes</legend>
        <p id="token-scopes-hint" className="mt-1 text-xs text-slate-600">
          The token may do these for the whole organisation, and nothing else.
        </p>
        <div className="mt-2 grid gap-1 sm:grid-cols-2">
          {TOKEN_SCOPES.map((scope) => (
            <label key={scope.action} className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
              <Checkbox
                checked={scopes.includes(scope.action)}
                onChange={(e) => toggle(scope.action, e.target.checked)}
              />
              <span>{scope.label}</span>
            </label>
          ))}
        </div>
        <FieldError id="token-scopes-error" message={scopesError} />
      </fieldset>
      <FormField
        label="Expiry date"
        error={errors.expiresAt}
        hint="It stops working at the end of this day; at most a year from today."
      >
        {(control) => (
          <input
            {...control}
            type="date"
            className={`mt-1 ${inputClasses}`}
            value={expiry}
            min={addDays(today, 1)}
            max={addDays(today, MAX_DAYS_AHEAD)}
            onChange={(e) => setExpiry(e.target.value)}
          />
        )}
      </FormField>
    </FormDialog>
  );
}

function TokenSecretDialog({ created, onClose }: { created: CreatedApiToken; onClose: () => void }) {
  const expires = calendarDateText(organisationToday(new Date(created.api_token.expires_at)));
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Token ${created.api_token.name} created`}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <div className="space-y-3 text-sm text-slate-700">
        <p
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 font-medium text-amber-900"
        >
          Copy this token now: it will not be shown again. Atrium keeps only a fingerprint of it.
        </p>
        <CopyField id="api-token-secret" label="API token" value={created.token} noun="token" />
        <p>
          Send it as{' '}
          <code className="font-mono text-xs">Authorization: Bearer {created.api_token.prefix}…</code>. It
          works until the end of {expires}.
        </p>
      </div>
    </Dialog>
  );
}
