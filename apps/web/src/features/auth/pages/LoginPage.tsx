import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PublicPageShell } from '@/components/ui/PublicPageShell';
import { FullPageSpinner } from '@/components/ui/Spinner';
import { useAuth } from '@/lib/auth-context';
import { LoginForm } from '../components/LoginForm';
import { ParticleBackground } from '../components/ParticleBackground';
import { SsoSignIn } from '../components/SsoSignIn';
import { redirectTarget } from '../redirect';

export function LoginPage() {
  const { status, adoptSession } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Back from the identity provider: the session is open on the server; this page takes it up.
  const ssoDone = params.get('sso') === 'done';
  const target = ssoDone ? redirectTarget({ from: params.get('to') }) : redirectTarget(location.state);
  useEffect(() => {
    if (!ssoDone || status === 'authenticated') return;
    adoptSession().catch(() => navigate('/login?sso_error=state', { replace: true }));
  }, [ssoDone, status, adoptSession, navigate]);

  if (status === 'loading' || (ssoDone && status !== 'authenticated')) return <FullPageSpinner />;
  // Covers both a signed-in visitor and a fresh sign-in: either way, off to the requested page.
  if (status === 'authenticated') return <Navigate to={target} replace />;

  return (
    <PublicPageShell backdrop={<ParticleBackground />}>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Welcome back</h1>
      <p className="mt-1 mb-6 text-sm text-slate-600">Sign in to your account to continue.</p>
      <SsoSignIn returnTo={target} />
      <LoginForm />
    </PublicPageShell>
  );
}
