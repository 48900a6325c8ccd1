import { CircleAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { errorMessage } from '@/lib/api';
import { useAppInfo } from '@/lib/app-info';
import { useAuth } from '@/lib/auth-context';
import { checkForm } from '@/lib/form-errors';
import { type DemoAccount, DemoAccounts } from './DemoAccounts';

const LABELS = { email: 'Email', password: 'Password' };

/**
 * The contract's LoginRequest, loaded when the form is first used rather than with the page, so
 * the sign-in screen paints without zod; the pages after sign-in load the same chunk anyway.
 */
const loginRequest = () => import('@atrium/contract').then((contract) => contract.LoginRequest);

const inputClasses =
  'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-500/40';

/** Signs in; where to go next is the login page's business (it redirects once a user exists). */
export function LoginForm() {
  const { login } = useAuth();
  const { data: appInfo } = useAppInfo();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // The browser has checked required and the email format; the contract adds its lengths.
      const checked = checkForm(await loginRequest(), { email, password }, LABELS);
      if (!checked.ok) return setError(Object.values(checked.errors).join('. '));
      await login(checked.data.email, checked.data.password);
    } catch (failure) {
      setError(errorMessage(failure, 'Login failed'));
    } finally {
      setBusy(false);
    }
  };

  const pick = (account: DemoAccount) => {
    setEmail(account.email);
    setPassword(account.password);
    setError(null);
  };

  return (
    <div className="space-y-6">
      <form onSubmit={onSubmit} className="space-y-4" aria-describedby={error ? 'login-error' : undefined}>
        <div>
          <label htmlFor="email" className="mb-1.5 block text-sm font-medium text-slate-700">
            Email
          </label>
          <input
            id="email"
            name="email"
            type="email"
            required
            autoComplete="username"
            placeholder="you@company.com"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
            className={inputClasses}
          />
        </div>
        <div>
          <div className="mb-1.5 flex items-baseline justify-between gap-2">
            <label htmlFor="password" className="block text-sm font-medium text-slate-700">
              Password
            </label>
            <Link to="/forgot-password" className="text-sm font-medium text-indigo-700 hover:underline">
              Forgot password?
            </Link>
          </div>
          <input
            id="password"
            name="password"
            type="password"
            required
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(null);
            }}
            className={inputClasses}
          />
        </div>
        {error ? (
          <p
            id="login-error"
            role="alert"
            className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {error}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={busy} className="w-full">
          {busy ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      {/* Offered only where the published demo passwords work (never on a guarded network install). */}
      {appInfo?.demoAccounts ? <DemoAccounts onPick={pick} /> : null}
      {appInfo?.demo ? (
        <p className="text-center text-xs text-slate-500">This is a demo application for testing purposes.</p>
      ) : null}
    </div>
  );
}
