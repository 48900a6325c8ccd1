import { Shield, UserRound } from 'lucide-react';
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
] as const satisfies readonly DemoAccount[];

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
      <div className="mt-3 grid grid-cols-2 gap-2">
        {DEMO_ACCOUNTS.map((account) => (
          <Button key={account.label} variant="secondary" onClick={() => onPick(account)}>
            {account.label === 'Admin' ? (
              <Shield aria-hidden="true" className="size-4 text-indigo-600" />
            ) : (
              <UserRound aria-hidden="true" className="size-4 text-indigo-600" />
            )}
            {account.label}
          </Button>
        ))}
      </div>
    </section>
  );
}
