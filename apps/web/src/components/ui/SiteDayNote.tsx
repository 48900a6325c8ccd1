import { cn } from '@/lib/cn';
import { sitesSpanZones, siteTodayText } from '@/lib/site-day';
import { useSiteFilter } from '@/lib/site-filter';

/**
 * Which day a screen's "today" is: the chosen site's own today, or, over every site when they
 * keep several zones, each site's local day. `eachSite` is the server's answer (localDay) where
 * the screen has one; otherwise the sites' zones decide, by the same rule. Nothing with one zone.
 */
export function SiteDayNote({ eachSite, className }: { eachSite?: boolean; className?: string }) {
  const { site, sites } = useSiteFilter();
  if (site)
    return (
      <p className={cn('text-xs text-slate-600', className)} data-testid="site-day">
        {siteTodayText(site)}
      </p>
    );
  if (!(eachSite ?? sitesSpanZones(sites))) return null;
  return (
    <p className={cn('text-xs text-slate-600', className)} data-testid="site-day-note">
      Today means each site's local day.
    </p>
  );
}
