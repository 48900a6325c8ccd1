import type { CorrectionRequest, CorrectionRequestStatus } from '@atrium/contract';
import { Badge, type BadgeTone } from '@/components/ui/Badge';
import { formatTime } from '../lib/format';

const STATUS: Record<CorrectionRequestStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};

export function RequestStatusBadge({ status }: { status: CorrectionRequestStatus }) {
  return <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>;
}

/**
 * What the request asks for beside what the day has now ("Check out 17:30 (recorded: none)"),
 * so whoever decides sees the change, not only the new times.
 */
export function RequestedTimes({ request }: { request: CorrectionRequest }) {
  const rows = [
    ['Check in', request.check_in_time, request.recorded_check_in_time],
    ['Check out', request.check_out_time, request.recorded_check_out_time],
  ] as const;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
      {rows
        .filter(([, asked]) => asked !== null)
        .map(([label, asked, recorded]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-slate-900">
              <span className="font-medium">{formatTime(asked)}</span>
              {/* Once decided, the day itself shows the outcome; only a pending change needs the comparison. */}
              {request.status === 'pending' ? (
                <span className="text-slate-600"> (recorded: {formatTime(recorded) ?? 'none'})</span>
              ) : null}
            </dd>
          </div>
        ))}
    </dl>
  );
}
