import { Button } from './Button';

/**
 * The extent of a paged list: its total (shown as "Page x of y"), or, for a list too long to
 * count on every page, whether another page follows (shown as "Page x").
 */
type Extent = { pageSize: number; total: number } | { hasMore: boolean };

/** Previous / Next with "Page x of y" (or "Page x"); hidden when everything fits on one page. */
export function Pagination({
  page,
  onPage,
  label = 'Pagination',
  ...extent
}: Extent & {
  page: number;
  onPage: (page: number) => void;
  label?: string;
}) {
  const pages = 'total' in extent ? Math.max(1, Math.ceil(extent.total / extent.pageSize)) : undefined;
  const hasNext = pages === undefined ? 'hasMore' in extent && extent.hasMore : page < pages;
  if (page <= 1 && !hasNext) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3 pt-4 text-sm text-slate-600">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">{pages === undefined ? `Page ${page}` : `Page ${page} of ${pages}`}</span>
      <Button variant="secondary" size="sm" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
