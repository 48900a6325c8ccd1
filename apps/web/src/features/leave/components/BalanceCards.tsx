import type { LeaveBalance } from '@atrium/contract';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card, CardContent } from '@/components/ui/Card';
import { plural } from '../lib/format';
import { LedgerDialog } from './LedgerDialog';

/** A card per leave type: days remaining, used of total, pending count and a progress bar. */
export function BalanceCards({ balances }: { balances: LeaveBalance[] }) {
  const [explained, setExplained] = useState<LeaveBalance | null>(null);
  return (
    <>
      {/* The cards' titles are h3s under this, so headings never skip a level after the page's h1. */}
      <h2 className="sr-only">Leave balances</h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Leave balances">
        {balances.map((b) => {
          const total = b.entitled_days;
          const usedShare = total > 0 ? Math.min(100, Math.round((b.used_days / total) * 100)) : 0;
          const pendingShare =
            total > 0 ? Math.min(100 - usedShare, Math.round((b.pending_days / total) * 100)) : 0;
          return (
            <li key={b.leave_type_id}>
              <Card className="h-full">
                <CardContent>
                  <h3 className="text-sm font-medium text-slate-600">{b.leave_type}</h3>
                  <p className="mt-1 text-3xl font-semibold text-slate-900">
                    {b.remaining_days === null ? 'No limit' : b.remaining_days}
                    {b.remaining_days === null ? null : (
                      <span className="ml-1 text-sm font-normal text-slate-600">
                        {b.remaining_days === 1 ? 'day' : 'days'} remaining
                      </span>
                    )}
                  </p>
                  <p className="mt-1 text-sm text-slate-600">
                    {b.unlimited
                      ? `${plural(b.used_days, 'day')} used`
                      : `${b.used_days} of ${plural(total, 'day')} used`}
                    {b.carried_forward > 0 ? ` (incl. ${b.carried_forward} carried forward)` : ''}
                  </p>
                  <p className="text-sm text-slate-600">
                    {plural(b.pending_applications, 'pending application')}
                  </p>
                  {b.unlimited ? null : (
                    <div
                      className="mt-3 flex h-2 overflow-hidden rounded-full bg-slate-100"
                      role="img"
                      aria-label={`${b.used_days} used, ${b.pending_days} pending, ${b.remaining_days} remaining of ${plural(total, 'day')}`}
                    >
                      <div className="bg-indigo-600" style={{ width: `${usedShare}%` }} />
                      <div className="bg-yellow-400" style={{ width: `${pendingShare}%` }} />
                    </div>
                  )}
                  <Button
                    variant="ghost"
                    size="sm"
                    className="mt-2 -ml-3"
                    onClick={() => setExplained(b)}
                    aria-label={`How is the ${b.leave_type} balance calculated?`}
                  >
                    Details
                  </Button>
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ul>
      <LedgerDialog balance={explained} onClose={() => setExplained(null)} />
    </>
  );
}
