import { Building2 } from 'lucide-react';
import { Navigate, useLocation } from 'react-router';
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
    <div className="relative isolate flex min-h-dvh items-center justify-center overflow-hidden bg-gradient-to-br from-slate-950 via-indigo-950 to-slate-900 px-4 py-10">
      <ParticleBackground />
      <main className="relative w-full max-w-md">
        <div className="mb-6 flex items-center justify-center gap-2 text-white">
          <span className="flex size-10 items-center justify-center rounded-xl bg-indigo-500 shadow-lg shadow-indigo-500/30">
            <Building2 aria-hidden="true" className="size-6" />
          </span>
          <span className="text-2xl font-semibold tracking-tight">Atrium</span>
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-2xl ring-1 ring-slate-900/5 sm:p-8">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Welcome back</h1>
          <p className="mt-1 mb-6 text-sm text-slate-600">Sign in to your account to continue.</p>
          <LoginForm />
        </div>
      </main>
    </div>
  );
}
