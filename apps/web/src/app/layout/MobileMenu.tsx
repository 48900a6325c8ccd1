import { X } from 'lucide-react';
import { type RefObject, useEffect, useEffectEvent, useRef } from 'react';
import { Logo } from './Logo';
import { SideNav } from './SideNav';

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab inside the open menu, as a modal dialog should. */
function trapTab(event: KeyboardEvent, container: HTMLElement | null) {
  const items = container ? Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)) : [];
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** The phone and tablet navigation: a slide-over dialog that gives focus back when it closes. */
export function MobileMenu({
  open,
  onClose,
  returnFocusRef,
}: {
  open: boolean;
  onClose: () => void;
  returnFocusRef: RefObject<HTMLButtonElement | null>;
}) {
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const close = useEffectEvent(onClose);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
      } else if (event.key === 'Tab') {
        trapTab(event, panelRef.current);
      }
    };
    // Growing past the breakpoint shows the fixed navigation, so the overlay has no purpose.
    const wide = window.matchMedia?.('(min-width: 64rem)');
    const onWide = (event: MediaQueryListEvent) => {
      if (event.matches) close();
    };
    const returnTo = returnFocusRef.current;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.addEventListener('keydown', onKeyDown);
    wide?.addEventListener?.('change', onWide);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKeyDown);
      wide?.removeEventListener?.('change', onWide);
      returnTo?.focus();
    };
  }, [open, returnFocusRef]);

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 lg:hidden">
      <div
        aria-hidden="true"
        onClick={onClose}
        className="absolute inset-0 bg-slate-900/50 animate-[fade-in_200ms_ease-out] motion-reduce:animate-none"
      />
      <div
        ref={panelRef}
        id="mobile-menu"
        role="dialog"
        aria-modal="true"
        aria-label="Main menu"
        className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-white shadow-xl animate-[slide-in_200ms_ease-out] motion-reduce:animate-none"
      >
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-3">
          <Logo />
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <X aria-hidden="true" className="size-6" />
          </button>
        </div>
        <SideNav onNavigate={onClose} />
      </div>
    </div>
  );
}
