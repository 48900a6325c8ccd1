import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';

/** The route guard's refusal, with a line naming what the page holds where the spec words one. */
export function AccessDenied({ detail }: { detail?: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <span className="mb-4 flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600">
        <ShieldAlert aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-semibold text-slate-900">Access Denied</h1>
      <p className="mt-2 text-slate-600">You don't have permission to access this page.</p>
      {detail ? <p className="mt-1 text-slate-600">{detail}</p> : null}
      <Link to="/dashboard" className={buttonClasses('secondary', 'md', 'mt-6')}>
        Back to Dashboard
      </Link>
    </div>
  );
}
