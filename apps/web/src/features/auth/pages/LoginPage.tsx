import { Navigate, useLocation } from 'react-router';
import { PublicPageShell } from '@/components/ui/PublicPageShell';
import { FullPageSpinner } from '@/components/ui/Spinner';
import { useAuth } from '@/lib/auth-context';
import { LoginForm } from '../components/LoginForm';
import { ParticleBackground } from '../components/ParticleBackground';
import { redirectTarget } from '../redirect';

export function LoginPage() {
  const { status } = useAuth();
  const location = useLocation();

  if (status === 'loading') return <FullPageSpinner />;
  // Covers both a signed-in visitor and a fresh sign-in: either way, off to the requested page.
  if (status === 'authenticated') return <Navigate to={redirectTarget(location.state)} replace />;

  return (
    <PublicPageShell backdrop={<ParticleBackground />}>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Welcome back</h1>
      <p className="mt-1 mb-6 text-sm text-slate-600">Sign in to your account to continue.</p>
      <LoginForm />
    </PublicPageShell>
  );
}
