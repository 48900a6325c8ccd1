import { ArrowDownRight, ArrowUpRight, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

export function StatCard({
  to,
  title,
  icon: Icon,
  value,
  detail,
  trend,
  trendValue,
  warning,
  testId,
}: {
  to: string;
  title: string;
  icon: LucideIcon;
  value: string;
  detail: string;
  trend?: 'up' | 'down';
  trendValue?: string;
  warning?: boolean;
  testId?: string;
}) {
  return (
    <Link
      to={to}
      data-testid={testId}
      className={cn(
        'block rounded-xl border bg-white p-4 shadow-sm transition-shadow hover:shadow-md',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        warning ? 'border-amber-300' : 'border-slate-200',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium text-slate-600">{title}</span>
        <Icon aria-hidden="true" className="size-5 text-indigo-600" />
      </div>
      <div className="mt-2 flex items-baseline gap-2">
        <span className="text-3xl font-semibold text-slate-900">{value}</span>
        {trend ? (
          <span
            className={cn(
              'inline-flex items-center text-sm',
              trend === 'up' ? 'text-green-700' : 'text-red-700',
            )}
          >
            {trend === 'up' ? (
              <ArrowUpRight aria-hidden="true" className="size-4" />
            ) : (
              <ArrowDownRight aria-hidden="true" className="size-4" />
            )}
            <span className="sr-only">{trend === 'up' ? 'trending up' : 'trending down'}</span>
            {trendValue}
          </span>
        ) : null}
      </div>
      <p className={cn('mt-1 text-sm', warning ? 'font-medium text-amber-800' : 'text-slate-600')}>
        {detail}
      </p>
    </Link>
  );
}
