import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';

/**
 * A label tied to its control by id rather than by wrapping it: a wrapped <select> would add its
 * chosen option to its own accessible name ("Device HK-101 · Main Entrance").
 */
export function Field({
  label,
  className,
  labelClassName,
  children,
}: {
  label: string;
  className?: string;
  labelClassName?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={cn('flex flex-col', className)}>
      <label htmlFor={id} className={cn('text-sm font-medium text-slate-700', labelClassName)}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}
