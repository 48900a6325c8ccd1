import { NavLink } from 'react-router';
import { useAuth } from '@/lib/auth-context';
import { cn } from '@/lib/cn';
import { navItemsFor } from './nav-items';

/** The main navigation; NavLink marks the current entry with aria-current="page". */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { can, user } = useAuth();
  return (
    <nav aria-label="Main" className="p-3">
      <ul className="space-y-1">
        {navItemsFor(can, user?.role).map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-600',
                  isActive
                    ? 'bg-indigo-50 text-indigo-700'
                    : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <Icon
                    aria-hidden="true"
                    className={cn('size-5 shrink-0', isActive ? 'text-indigo-600' : 'text-slate-400')}
                  />
                  {label}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
