import { cn } from '@/lib/cn';
import { useSocket } from '@/lib/socket-context';

/** The live channel's real state: Connected only once the server has accepted the join. */
export function ConnectionStatus() {
  const { connected } = useSocket();
  return (
    <span
      data-testid="connection-status"
      data-connected={connected}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset',
        connected ? 'bg-green-50 text-green-700 ring-green-200' : 'bg-red-50 text-red-700 ring-red-200',
      )}
    >
      <span
        aria-hidden="true"
        className={cn('size-2 rounded-full', connected ? 'bg-green-500' : 'bg-red-500')}
      />
      {connected ? 'Connected' : 'Disconnected'}
    </span>
  );
}
