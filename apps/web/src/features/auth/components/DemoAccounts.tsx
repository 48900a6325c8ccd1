import { type LucideIcon, Shield, UserRound, UsersRound } from 'lucide-react';
import { Button } from '@/components/ui/Button';

export interface DemoAccount {
  label: string;
  email: string;
  password: string;
}

/** The demo installation's seeded accounts (apps/server seed). */
export const DEMO_ACCOUNTS = [
  { label: 'Admin', email: 'admin@atrium.local', password: 'Admin#2026' },
  { label: 'User', email: 'user@atrium.local', password: 'User#2026' },
  { label: 'Manager', email: 'manager@atrium.local', password: 'Manager#2026' },
] as const satisfies readonly DemoAccount[];

const ICONS: Record<(typeof DEMO_ACCOUNTS)[number]['label'], LucideIcon> = {
  Admin: Shield,
  Manager: UsersRound,
  User: UserRound,
};

export function DemoAccounts({ onPick }: { onPick: (account: DemoAccount) => void }) {
  return (
    <section
      aria-labelledby="demo-accounts"
      className="rounded-lg border border-indigo-100 bg-indigo-50/60 p-4"
    >
      <h2 id="demo-accounts" className="text-sm font-semibold text-slate-900">
        Demo Accounts
      </h2>
      <p className="mt-0.5 text-xs text-slate-600">Fill the form with a sample account.</p>
      <div className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-3">
        {DEMO_ACCOUNTS.map((account) => {
          const Icon = ICONS[account.label];
          return (
            <Button
              key={account.label}
              variant="secondary"
              className="min-w-0 px-3"
              onClick={() => onPick(account)}
            >
              <Icon aria-hidden="true" className="size-4 shrink-0 text-indigo-600" />
              {account.label}
            </Button>
          );
        })}
      </div>
    </section>
  );
}
