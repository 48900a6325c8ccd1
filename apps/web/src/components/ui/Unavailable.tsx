import { Button } from './Button';

/**
 * What a screen shows when its data could not be loaded: never a made-up number, always a way
 * to try again.
 */
export function Unavailable({
  what,
  onRetry,
  className,
  retryLabel,
}: {
  what: string;
  onRetry: () => void;
  className?: string;
  /** Names the Retry button where a screen has more than one. */
  retryLabel?: string;
}) {
  return (
    <div
      role="alert"
      className={`flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 ${className ?? ''}`}
    >
      <span>{what} unavailable</span>
      <Button size="sm" variant="secondary" onClick={onRetry} aria-label={retryLabel}>
        Retry
      </Button>
    </div>
  );
}
