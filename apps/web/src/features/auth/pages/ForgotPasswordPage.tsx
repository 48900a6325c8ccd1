import { ForgotPasswordRequest, passwordResetApi } from '@atrium/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { FormField } from '@/components/ui/FormField';
import { inputClasses } from '@/components/ui/input-classes';
import { PublicPageShell } from '@/components/ui/PublicPageShell';
import { errorMessage } from '@/lib/api';
import { call } from '@/lib/api-client';
import { checkForm } from '@/lib/form-errors';

const LABELS = { email: 'Email' };

/**
 * "Forgot password?": the address to mail a reset link to. The answer is the same whether or not
 * the address has an account, so the page says the same too.
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = checkForm(ForgotPasswordRequest, { email }, LABELS);
    if (!checked.ok) return setError(checked.errors.email);
    setError(undefined);
    setBusy(true);
    try {
      await call(passwordResetApi.forgotPassword, { body: checked.data });
      setSentTo(checked.data.email);
    } catch (e) {
      setFailure(errorMessage(e, 'The request could not be sent'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicPageShell>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Reset your password</h1>
      {sentTo ? (
        <>
          <p role="status" className="mt-2 text-sm text-slate-700">
            If <strong className="break-all">{sentTo}</strong> belongs to an account, a link to choose a new
            password is on its way. It works once, for one hour.
          </p>
          <p className="mt-2 text-sm text-slate-600">
            No mail after a few minutes? Look in the spam folder or ask your administrator.
          </p>
        </>
      ) : (
        <>
          <p className="mt-1 mb-6 text-sm text-slate-600">
            Enter the email address you sign in with. We will mail you a link to choose a new password.
          </p>
          <form onSubmit={submit} noValidate className="space-y-4">
            <FormField label={LABELS.email} error={error}>
              {(control) => (
                <input
                  {...control}
                  type="email"
                  autoComplete="username"
                  placeholder="you@company.com"
                  maxLength={254}
                  value={email}
                  onChange={(e) => {
                    setEmail(e.target.value);
                    setError(undefined);
                  }}
                  className={`mt-1 ${inputClasses}`}
                />
              )}
            </FormField>
            {failure ? (
              <p
                role="alert"
                className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
              >
                {failure}
              </p>
            ) : null}
            <Button type="submit" size="lg" disabled={busy} className="w-full">
              {busy ? 'Sending...' : 'Send Reset Link'}
            </Button>
          </form>
        </>
      )}
      <Link to="/login" className="mt-6 inline-block text-sm font-medium text-indigo-700 hover:underline">
        Back to sign in
      </Link>
    </PublicPageShell>
  );
}
