import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { useAuth } from '@/lib/auth-context';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The signed-in user's name and role, and the way out. */
export function UserMenu() {
  const { user, logout } = useAuth();
  const [leaving, setLeaving] = useState(false);
  if (!user) return null;

  const onLogout = async () => {
    setLeaving(true);
    try {
      await logout();
    } finally {
      setLeaving(false);
    }
  };

  return (
    <div className="flex min-w-0 items-center gap-2 sm:gap-3">
      <span
        aria-hidden="true"
        className="hidden size-9 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700 sm:flex"
      >
        {user.first_name.charAt(0)}
        {user.last_name.charAt(0)}
      </span>
      <div className="min-w-0 text-right leading-tight sm:text-left">
        <p className="truncate text-sm font-medium text-slate-900" data-testid="user-name">
          {user.first_name} {user.last_name}
        </p>
        <p className="text-xs text-slate-500" data-testid="user-role">
          {capitalise(user.role)}
        </p>
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
