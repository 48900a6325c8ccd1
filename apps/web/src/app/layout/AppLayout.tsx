import { useCallback, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { LeaveStatusToasts } from '@/features/leave/components/LeaveStatusToasts';
import { MobileMenu } from './MobileMenu';
import { SectionBar } from './SectionBar';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';

/** The shared frame of every guarded page: top bar, navigation, section bar and content. */
export function AppLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [shownPath, setShownPath] = useState(pathname);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  // Any navigation closes the menu, including back and forward.
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setMenuOpen(false);
  }

  return (
    <div className="min-h-dvh bg-slate-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow-lg"
      >
        Skip to content
      </a>
      {navigation.state !== 'idle' ? (
        <div
          aria-hidden="true"
          className="fixed inset-x-0 top-0 z-[65] h-0.5 animate-pulse bg-indigo-500 motion-reduce:animate-none"
        />
      ) : null}
      {/* The applicant hears about a decision on their leave wherever they are. */}
      <LeaveStatusToasts />
      <TopBar menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} menuButtonRef={menuButtonRef} />
      <aside className="fixed top-16 bottom-0 left-0 hidden w-64 overflow-y-auto border-r border-slate-200 bg-white lg:block">
        <SideNav />
      </aside>
      <MobileMenu open={menuOpen} onClose={closeMenu} returnFocusRef={menuButtonRef} />
      <div className="pt-16 lg:pl-64">
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto max-w-7xl px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8"
        >
          {/* Inside main, so the section name belongs to a landmark like everything else. */}
          <SectionBar />
          <Outlet />
        </main>
      </div>
    </div>
  );
}
