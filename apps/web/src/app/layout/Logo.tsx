import { Building2 } from 'lucide-react';
import { Link } from 'react-router';
import { useAppInfo } from '@/lib/app-info';
import { cn } from '@/lib/cn';

/**
 * `compact`: on phones only the mark shows, leaving the top bar room for the user's name.
 * The organisation's own name follows the product's once an administrator has set one.
 */
export function Logo({ compact = false }: { compact?: boolean }) {
  const organisation = useAppInfo().data?.organisationName;
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
      {organisation && organisation !== 'Atrium' ? (
        <span
          data-testid="organisation-name"
          className="hidden max-w-48 truncate border-l border-slate-200 pl-2 text-sm font-medium text-slate-600 md:inline"
        >
          {organisation}
        </span>
      ) : null}
    </Link>
  );
}
