import { cn } from '@/lib/cn';

/**
 * How many rows a bulk action would touch. The bulk buttons stay enabled with nothing chosen
 * (pressing one says what to do, as the spec asks), so with none chosen this says it up front
 * too. Give the buttons aria-describedby={id} so a screen reader hears it with each of them.
 */
export function SelectionCount({
  id,
  count,
  hint,
  className,
}: {
  id: string;
  count: number;
  /** What to do when nothing is chosen, e.g. "Tick employees to use these actions". */
  hint: string;
  className?: string;
}) {
  return (
    <p id={id} aria-live="polite" className={cn('text-sm text-slate-600', className)}>
      <span data-testid="selected-count">{count} selected</span>
      {count === 0 ? <span className="text-slate-600"> · {hint}</span> : null}
    </p>
  );
}
