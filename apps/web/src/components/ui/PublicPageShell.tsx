import { Building2 } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * The frame of the pages people see before they are signed in (sign-in, an invitation link):
 * the dark backdrop, the Atrium mark and one white card. `backdrop` draws behind it all.
 */
export function PublicPageShell({ backdrop, children }: { backdrop?: ReactNode; children: ReactNode }) {
  return (
    <div className="relative isolate flex min-h-dvh items-center justify-center overflow-hidden bg-gradient-to-br from-slate-950 via-indigo-950 to-slate-900 px-4 py-10">
      {backdrop}
      <main className="relative w-full max-w-md">
        <div className="mb-6 flex items-center justify-center gap-2 text-white">
          <span className="flex size-10 items-center justify-center rounded-xl bg-indigo-500 shadow-lg shadow-indigo-500/30">
            <Building2 aria-hidden="true" className="size-6" />
          </span>
          <span className="text-2xl font-semibold tracking-tight">Atrium</span>
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-2xl ring-1 ring-slate-900/5 sm:p-8">{children}</div>
      </main>
    </div>
  );
}
