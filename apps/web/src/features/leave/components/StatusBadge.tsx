import { Badge } from '@/components/ui/Badge';
import { capitalise, statusTone } from '../lib/format';

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={statusTone(status)}>{capitalise(status)}</Badge>;
}
