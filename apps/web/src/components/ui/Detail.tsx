import type { ReactNode } from 'react';

/**
 * One term and its value inside a <dl>. "label" is the small grey label of details dialogs, "caps"
 * the upper-case label of record summaries, "tile" a shaded figure in a grid of figures.
 */
type Look = 'label' | 'caps' | 'tile';

const looks: Record<Look, { box: string; term: string; value: string }> = {
  label: { box: 'min-w-0', term: 'text-xs text-slate-500', value: 'break-words text-slate-900' },
  caps: {
    box: 'min-w-0',
    term: 'text-xs font-medium uppercase tracking-wide text-slate-500',
    value: 'mt-0.5 break-words text-slate-900',
  },
  tile: {
    box: 'rounded-lg bg-slate-50 px-3 py-2',
    term: 'text-slate-600',
    value: 'text-lg font-semibold text-slate-900',
  },
};

export function Detail({
  label,
  children,
  look = 'label',
}: {
  label: string;
  children: ReactNode;
  look?: Look;
}) {
  const style = looks[look];
  return (
    <div className={style.box}>
      <dt className={style.term}>{label}</dt>
      <dd className={style.value}>{children}</dd>
    </div>
  );
}
