import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A native checkbox drawn 24 px square: the smallest target WCAG 2.2 (2.5.8) accepts. */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      className={cn('size-6 shrink-0 cursor-pointer accent-indigo-600', className)}
      {...props}
    />
  );
}
