import type { LeaveBalance, LeaveLedgerEntry } from '@atrium/contract';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { QueryState } from '@/components/ui/QueryState';
import { Table } from '@/components/ui/Table';
import { useMyLedger } from '../api/leave-api';

const kindText: Record<LeaveLedgerEntry['kind'], string> = {
  entitlement: 'Yearly entitlement',
  carry_forward: 'Carried forward',
  adjustment: 'Adjustment',
  application_pending: 'Applied (pending)',
  application_approved: 'Approved (pending → used)',
  application_rejected: 'Rejected (released)',
  application_cancelled: 'Cancelled (released)',
  application_recounted: 'Recounted (public holiday changed)',
};

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
const AMOUNT = { align: 'right', className: 'pl-3' } as const;

/** The balance explained line by line: each ledger line and what it moved. */
export function LedgerDialog({ balance, onClose }: { balance: LeaveBalance | null; onClose: () => void }) {
  const ledger = useMyLedger(balance !== null);
  const lines = (ledger.data ?? []).filter((e) => e.leave_type === balance?.leave_type);
  return (
    <Dialog
      open={balance !== null}
      onClose={onClose}
      title={`${balance?.leave_type ?? ''} ${balance?.year ?? ''}: how it adds up`}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <QueryState query={ledger} what="Balance details">
        {() => (
          <Table
            look="quiet"
            columns={[
              'Line',
              { label: 'Entitled', ...AMOUNT },
              { label: 'Pending', ...AMOUNT },
              { label: 'Used', ...AMOUNT },
            ]}
            foot={
              balance ? (
                <tr className="font-semibold">
                  <td className="pt-2">Total</td>
                  <td className="pt-2 pl-3 text-right">{balance.entitled_days}</td>
                  <td className="pt-2 pl-3 text-right">{balance.pending_days}</td>
                  <td className="pt-2 pl-3 text-right">{balance.used_days}</td>
                </tr>
              ) : null
            }
          >
            {lines.map((e) => (
              <tr key={e.id}>
                <td className="py-1.5">
                  {kindText[e.kind]}
                  {e.application_id ? <span className="text-slate-500"> #{e.application_id}</span> : null}
                </td>
                <td className="py-1.5 pl-3 text-right">{e.entitled_days ? signed(e.entitled_days) : ''}</td>
                <td className="py-1.5 pl-3 text-right">{e.pending_days ? signed(e.pending_days) : ''}</td>
                <td className="py-1.5 pl-3 text-right">{e.used_days ? signed(e.used_days) : ''}</td>
              </tr>
            ))}
          </Table>
        )}
      </QueryState>
      {balance && balance.remaining_days !== null ? (
        <p className="mt-3 text-sm text-slate-700">
          Remaining: {balance.entitled_days} − {balance.used_days} − {balance.pending_days} ={' '}
          <strong>{balance.remaining_days}</strong> days
        </p>
      ) : null}
    </Dialog>
  );
}
