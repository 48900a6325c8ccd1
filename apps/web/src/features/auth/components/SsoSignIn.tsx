import { CircleAlert, KeyRound } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { useAppInfo } from '@/lib/app-info';

/** What the login page says when the identity provider's way in was refused (the server's code). */
const SSO_ERRORS: Record<string, string> = {
  state: 'The sign-in could not be verified. Please try again.',
  disabled: 'This account is disabled. Ask an administrator.',
  not_allowed: 'This account may not sign in to Atrium. Ask an administrator.',
  not_linked:
    'An account with this email exists, but it is not linked to single sign-on. Ask an administrator.',
  provider: 'The identity provider could not complete the sign-in. Please try again.',
  off: 'Single sign-on is not set up.',
};

/**
 * "Sign in with <provider>" when single sign-on is on: a plain link, since the browser itself must
 * go to the provider and come back; and why the last attempt failed, when it did.
 */
export function SsoSignIn({ returnTo }: { returnTo: string }) {
  const { data: appInfo } = useAppInfo();
  const [params] = useSearchParams();
  const code = params.get('sso_error');
  const failed = code ? (SSO_ERRORS[code] ?? 'Single sign-on failed. Please try again.') : null;
  if (!appInfo?.sso && !failed) return null;
  return (
    <div className="mb-6 space-y-4">
      {failed ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {failed}
        </p>
      ) : null}
      {appInfo?.sso ? (
        <>
          <a
            href={`/api/auth/oidc/start?return_to=${encodeURIComponent(returnTo)}`}
            className={buttonClasses('primary', 'lg', 'w-full')}
          >
            <KeyRound aria-hidden="true" className="size-4" />
            Sign in with {appInfo.sso.name}
          </a>
          {appInfo.passwordLogin ? (
            <p className="flex items-center gap-3 text-slate-500 text-xs uppercase tracking-wide">
              <span className="h-px flex-1 bg-slate-200" />
              or with your password
              <span className="h-px flex-1 bg-slate-200" />
            </p>
          ) : (
            <p className="text-center text-slate-500 text-xs">
              Administrators may still sign in with a password below.
            </p>
          )}
        </>
      ) : null}
    </div>
  );
}
