import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A column heading: its text, or the text with what the column needs besides. */
export type Column =
  | string
  | {
      label: string;
      /** For screen readers only (an actions column). */
      hidden?: boolean;
      align?: 'right' | 'center';
      /** Shown in place of the label: a select-all checkbox, a sort button. */
      content?: ReactNode;
      sort?: 'ascending' | 'descending' | 'none';
      className?: string;
    };

/**
 * card: shaded caps headings over roomy cells; compact: the same over tighter cells; lined: caps
 * headings over a rule, for a table inside a card; quiet: small headings, for a dialog or a grid.
 */
export type TableLook = 'card' | 'compact' | 'lined' | 'quiet';

const HEAD: Record<TableLook, string> = {
  card: 'bg-slate-50 text-xs tracking-wide text-slate-600 uppercase',
  compact: 'bg-slate-50 text-xs tracking-wide text-slate-600 uppercase',
  lined: 'border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase',
  quiet: 'text-xs text-slate-500',
};

const HEAD_CELL: Record<TableLook, string> = {
  card: 'px-4 py-3',
  compact: 'px-3 py-2',
  lined: 'py-2 pr-3 last:pr-0',
  quiet: 'py-1',
};

const ALIGN = { right: 'text-right', center: 'text-center' };

/**
 * A data table in the house style, inside a wrapper that scrolls sideways when the table is
 * wider than the screen (so the page never does). `children` are the body rows.
 */
export function Table({
  columns,
  children,
  foot,
  caption,
  regionLabel,
  look = 'card',
  stacked = false,
  framed = false,
  className,
  wrapperClassName,
  headClassName,
  bodyClassName,
  testId,
}: {
  columns: Column[];
  children: ReactNode;
  /** Rows of a total line under the body. */
  foot?: ReactNode;
  /** Names the table for screen readers. */
  caption?: string;
  /** Makes the wrapper a region of that name. */
  regionLabel?: string;
  look?: TableLook;
  /** Below the md breakpoint each row is a card of stacked cells, so the headings hide. */
  stacked?: boolean;
  /** A card's border and shadow around the table. */
  framed?: boolean;
  className?: string;
  wrapperClassName?: string;
  headClassName?: string;
  bodyClassName?: string;
  testId?: string;
}) {
  const Wrapper = regionLabel ? 'section' : 'div';
  return (
    <Wrapper
      aria-label={regionLabel}
      className={cn(
        'overflow-x-auto',
        framed && 'rounded-xl border border-slate-200 bg-white shadow-sm',
        wrapperClassName,
      )}
    >
      <table className={cn('w-full text-left text-sm', className)} data-testid={testId}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className={cn(HEAD[look], stacked && 'hidden md:table-header-group', headClassName)}>
          <tr>
            {columns.map((column) => {
              const spec = typeof column === 'string' ? { label: column } : column;
              return (
                <th
                  key={spec.label}
                  scope="col"
                  aria-sort={spec.sort}
                  className={cn(
                    HEAD_CELL[look],
                    'font-medium',
                    spec.align && ALIGN[spec.align],
                    spec.className,
                  )}
                >
                  {spec.content ?? (spec.hidden ? <span className="sr-only">{spec.label}</span> : spec.label)}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={cn('divide-y divide-slate-100', bodyClassName)}>{children}</tbody>
        {foot ? <tfoot>{foot}</tfoot> : null}
      </table>
    </Wrapper>
  );
}
