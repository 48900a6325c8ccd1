import { useId } from 'react';
import { useChooseSite, useSiteFilter } from '@/lib/site-filter';
import { inputClasses } from './input-classes';

/**
 * "Site: All sites / <site>" for screens that read one site or all; remembered per person. Not
 * shown while the organisation has a single site, where it could only say "All sites".
 */
export function SiteFilter() {
  const { siteId, sites } = useSiteFilter();
  const choose = useChooseSite();
  const id = useId();
  if (sites.length < 2) return null;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Site
      </label>
      <select
        id={id}
        data-testid="site-filter"
        className={`${inputClasses} w-auto min-w-40`}
        value={siteId ?? ''}
        onChange={(e) => choose.mutate(e.target.value === '' ? null : Number(e.target.value))}
      >
        <option value="">All sites</option>
        {sites.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </div>
  );
}
