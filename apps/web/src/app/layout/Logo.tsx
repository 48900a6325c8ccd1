import { Building2 } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

/** `compact`: on phones only the mark shows, leaving the top bar room for the user's name. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link
      to="/dashboard"
      className="flex items-center gap-2 rounded-lg p-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-indigo-600 text-white shadow-sm">
        <Building2 aria-hidden="true" className="size-5" />
      </span>
      <span
        className={cn(
          'text-lg font-semibold tracking-tight text-slate-900',
          compact && 'sr-only sm:not-sr-only',
        )}
      >
        Atrium
      </span>
    </Link>
  );
}
