import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';

export function NotFound() {
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Page not found</h1>
      <p className="mt-2 text-slate-600">There is no page at this address.</p>
      <Link to="/dashboard" className={buttonClasses('secondary', 'md', 'mt-6')}>
        Back to Dashboard
      </Link>
    </div>
  );
}
