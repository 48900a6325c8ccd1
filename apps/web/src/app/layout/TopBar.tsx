import { Menu } from 'lucide-react';
import type { Ref } from 'react';
import { ConnectionStatus } from './ConnectionStatus';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';

export function TopBar({
  menuOpen,
  onOpenMenu,
  menuButtonRef,
}: {
  menuOpen: boolean;
  onOpenMenu: () => void;
  menuButtonRef: Ref<HTMLButtonElement>;
}) {
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-slate-200 bg-white">
      <div className="flex h-full items-center gap-1 px-2 sm:gap-3 sm:px-4 lg:px-6">
        <button
          ref={menuButtonRef}
          type="button"
          onClick={onOpenMenu}
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 lg:hidden"
        >
          <Menu aria-hidden="true" className="size-6" />
        </button>
        <Logo compact />
        <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-4">
          <ConnectionStatus />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
