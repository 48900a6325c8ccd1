import { AcceptInviteRequest, passwordResetApi, peopleApi } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { FormField } from '@/components/ui/FormField';
import { inputClasses } from '@/components/ui/input-classes';
import { PublicPageShell } from '@/components/ui/PublicPageShell';
import { Spinner } from '@/components/ui/Spinner';
import { errorMessage, isApiError } from '@/lib/api';
import { call } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-context';
import { checkForm, type FieldErrors, serverFieldErrors } from '@/lib/form-errors';

const LABELS = { password: 'New password', repeat: 'Repeat password' };
type Field = keyof typeof LABELS;

/** A link that cannot be used: the server says so in one sentence, naming the token. */
const isRefusedLink = (error: unknown) =>
  isApiError(error) &&
  error.code === 'validation_failed' &&
  Array.isArray(error.details) &&
  error.details.some((d: { field?: unknown }) => d.field === 'token');

/**
 * The page an invitation or reset link opens (/invite/:token; /reset-password/:token for a link
 * the person asked for by mail), before anyone is signed in: the person chooses a password, and
 * is then signed in with it and taken to their dashboard.
 */
export function InvitePage({ mode = 'invite' }: { mode?: 'invite' | 'reset' }) {
  const token = useParams().token ?? '';
  const invite = useQuery({
    queryKey: ['invite', token],
    queryFn: ({ signal }) => call(peopleApi.inviteInfo, { params: { token }, signal }),
    retry: false,
  });
  const [refused, setRefused] = useState(false);

  return (
    <PublicPageShell>
      {invite.isPending ? (
        <Spinner label="Checking your link" />
      ) : invite.isError || refused ? (
        <BadLink
          mode={mode}
          // Only a busy address hears something else than the one refusal every bad link gets.
          message={
            isApiError(invite.error) && invite.error.code === 'too_many_requests'
              ? invite.error.message
              : undefined
          }
        />
      ) : (
        <>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
            {mode === 'reset' ? 'Choose a new password' : `Welcome, ${invite.data.first_name}`}
          </h1>
          <p className="mt-1 mb-6 text-sm text-slate-600">
            {mode === 'reset'
              ? `Choose a new password for ${invite.data.email}. You will be signed in with it, and signed out everywhere else.`
              : `Choose a password for ${invite.data.email}. You will be signed in with it.`}
          </p>
          <SetPasswordForm
            mode={mode}
            token={token}
            email={invite.data.email}
            onRefused={() => setRefused(true)}
          />
        </>
      )}
    </PublicPageShell>
  );
}

function BadLink({ message, mode }: { message?: string; mode: 'invite' | 'reset' }) {
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">This link cannot be used</h1>
      <p role="alert" className="mt-2 text-sm text-slate-700">
        {message ??
          (mode === 'reset'
            ? 'It has expired, was already used or was replaced by a newer one. Ask for a new link.'
            : 'It has expired, was already used or was replaced by a newer one. Ask your administrator for a new link.')}
      </p>
      <Link
        to={mode === 'reset' ? '/forgot-password' : '/login'}
        className="mt-6 inline-block font-medium text-indigo-700 hover:underline"
      >
        {mode === 'reset' ? 'Ask for a new link' : 'Go to the sign-in page'}
      </Link>
    </>
  );
}

function SetPasswordForm({
  mode,
  token,
  email,
  onRefused,
}: {
  mode: 'invite' | 'reset';
  token: string;
  email: string;
  onRefused: () => void;
}) {
  const { login } = useAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState({ password: '', repeat: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    // The contract's rule for a new password, and the same password typed twice.
    const checked = checkForm(AcceptInviteRequest, { token, password: values.password }, LABELS);
    const repeat =
      values.repeat === values.password ? undefined : 'Repeat password must match the new password';
    if (!checked.ok || repeat) return setErrors({ ...(checked.ok ? {} : checked.errors), repeat });
    setErrors({});
    setBusy(true);
    try {
      await call(mode === 'reset' ? passwordResetApi.resetPassword : peopleApi.acceptInvite, {
        body: checked.data,
      });
    } catch (error) {
      setBusy(false);
      if (isRefusedLink(error)) return onRefused();
      // A refusal naming the password shows under it, once; anything else below the form.
      const fields = serverFieldErrors(error, LABELS);
      setErrors(fields);
      if (Object.keys(fields).length > 0) return;
      return setFailure(errorMessage(error, 'Your password could not be set'));
    }
    try {
      await login(email, checked.data.password);
      navigate('/dashboard', { replace: true });
    } catch {
      navigate('/login', { replace: true });
    }
  };

  const field = (name: Field, autoComplete: string, hint?: string) => (
    <FormField label={LABELS[name]} error={errors[name]} hint={hint}>
      {(control) => (
        <input
          {...control}
          type="password"
          autoComplete={autoComplete}
          maxLength={256}
          value={values[name]}
          onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          className={`mt-1 ${inputClasses}`}
        />
      )}
    </FormField>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <input type="hidden" name="username" autoComplete="username" value={email} />
      {field('password', 'new-password', 'At least 10 characters, and not a common password.')}
      {field('repeat', 'new-password')}
      {failure ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? 'Setting password...' : 'Set Password and Sign In'}
      </Button>
    </form>
  );
}
