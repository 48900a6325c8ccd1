import type { SessionRole } from '@atrium/contract';
import { BookOpen, ChevronDown, LogOut } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/Button';
import { useAuth } from '@/lib/auth-context';
import { roleLabel } from '@/lib/roles';
import { MENU_ITEMS, showsItem } from './nav-items';

/**
 * The signed-in user's name and role, and the way out. The name opens a menu of the places
 * that belong to the person rather than to the spec's navigation: everyone's own Profile, and
 * the Organisation area for those who run it, and the API reference for administrators.
 */
export function UserMenu() {
  const { user, logout, can } = useAuth();
  const [leaving, setLeaving] = useState(false);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  // Close on navigation, on Escape and on a click elsewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is the trigger itself.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        root.current?.querySelector<HTMLButtonElement>('button')?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  if (!user) return null;

  const onLogout = async () => {
    setLeaving(true);
    try {
      await logout();
    } finally {
      setLeaving(false);
    }
  };
  const items = MENU_ITEMS.filter((item) => showsItem(item, can, user.role));

  return (
    <div className="flex min-w-0 items-center gap-2 sm:gap-3">
      <div ref={root} className="relative min-w-0">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((o) => !o)}
          className="flex min-w-0 items-center gap-2 rounded-lg p-1 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:gap-3"
        >
          <Identity first={user.first_name} last={user.last_name} role={user.role} />
          <ChevronDown aria-hidden="true" className="hidden size-4 shrink-0 text-slate-500 sm:block" />
        </button>
        {open ? (
          <div
            id={menuId}
            className="absolute right-0 z-50 mt-2 w-48 rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
          >
            {items.map(({ to, label, icon: Icon }) => (
              <Link
                key={to}
                to={to}
                className="flex min-h-11 items-center gap-2 px-3 text-sm text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </Link>
            ))}
            {user.role === 'admin' ? (
              // A page the server renders (Scalar over /api/openapi.json), not a route of this app:
              // a plain link, in a tab of its own so the app stays where it was.
              <a
                href="/api/docs"
                target="_blank"
                rel="noopener"
                className="flex min-h-11 items-center gap-2 px-3 text-sm text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <BookOpen aria-hidden="true" className="size-4" />
                API reference
              </a>
            ) : null}
          </div>
        ) : null}
      </div>
      <Button
        variant="ghost"
        size="md"
        onClick={onLogout}
        disabled={leaving}
        className="shrink-0 px-2.5 sm:px-3"
      >
        <LogOut aria-hidden="true" className="size-5 sm:size-4" />
        <span className="sr-only sm:not-sr-only">Logout</span>
      </Button>
    </div>
  );
}

function Identity({ first, last, role }: { first: string; last: string; role: SessionRole }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="hidden size-9 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700 sm:flex"
      >
        {first.charAt(0)}
        {last.charAt(0)}
      </span>
      <span className="min-w-0 text-right leading-tight sm:text-left">
        <span className="block truncate text-sm font-medium text-slate-900" data-testid="user-name">
          {first} {last}
        </span>
        <span className="block text-xs text-slate-500" data-testid="user-role">
          {roleLabel(role)}
        </span>
      </span>
    </>
  );
}
