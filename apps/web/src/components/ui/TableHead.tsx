import { cn } from '@/lib/cn';

/** A column heading; `hidden` keeps it for screen readers only (an actions column). */
export type Column = string | { label: string; hidden: true };

/** The header row of a data table: scoped column headings in the house style. */
export function TableHead({ columns, className }: { columns: Column[]; className?: string }) {
  return (
    <thead className={cn('bg-slate-50 text-xs tracking-wide text-slate-600 uppercase', className)}>
      <tr>
        {columns.map((column) => {
          const label = typeof column === 'string' ? column : column.label;
          return (
            <th key={label} scope="col" className="px-4 py-3 font-medium">
              {typeof column === 'string' ? column : <span className="sr-only">{label}</span>}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
