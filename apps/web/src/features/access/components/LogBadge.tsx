import type { AccessLog } from '@atrium/contract';
import { Badge } from '@/components/ui/Badge';
import { logOutcome } from '../lib/format';

const TONE = { entry: 'success', exit: 'neutral', denied: 'danger' } as const;
const LABEL = { entry: 'Entry', exit: 'Exit', denied: 'Denied' } as const;

/** Entry, Exit, or Denied for an attempt the door refused. */
export function LogBadge({ log }: { log: Pick<AccessLog, 'action' | 'result'> }) {
  const outcome = logOutcome(log);
  return <Badge tone={TONE[outcome]}>{LABEL[outcome]}</Badge>;
}
