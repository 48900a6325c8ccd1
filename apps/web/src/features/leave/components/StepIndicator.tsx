import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';
import { WIZARD_STEPS } from '../lib/wizard';

/** Where the applicant is in the four steps; the current step is announced to screen readers. */
export function StepIndicator({ step }: { step: number }) {
  return (
    <ol className="mb-6 grid grid-cols-4 gap-2" aria-label="Application steps">
      {WIZARD_STEPS.map((name, index) => {
        const number = index + 1;
        const done = number < step;
        const current = number === step;
        return (
          <li
            key={name}
            aria-current={current ? 'step' : undefined}
            className="flex flex-col items-center gap-1"
          >
            <span
              className={cn(
                'flex size-8 items-center justify-center rounded-full text-sm font-semibold',
                done && 'bg-indigo-600 text-white',
                current && 'bg-indigo-100 text-indigo-700 ring-2 ring-indigo-600',
                !done && !current && 'bg-slate-100 text-slate-500',
              )}
            >
              {done ? <Check aria-hidden="true" className="size-4" /> : number}
            </span>
            <span
              className={cn('text-xs font-medium sm:text-sm', current ? 'text-indigo-700' : 'text-slate-600')}
            >
              {name}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
