import { Button } from './Button';
import type { ButtonSize } from './button-styles';
import { Unavailable } from './Unavailable';

/** The part of a TanStack infinite query that fetches its next keyset page. */
export interface NextPage {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The end of a keyset-paged list: a button for the next page (busy while it loads, its label
 * kept so focus keeps its name), the honest "unavailable" with Retry when that page failed, and
 * nothing once the last page is in.
 */
export function LoadMore({
  pages,
  what,
  label = 'Load more',
  size,
  className = 'mt-4 flex justify-center',
}: {
  pages: NextPage;
  /** What failed to load, for the alert: "Older deliveries are" (unavailable). */
  what: string;
  label?: string;
  size?: ButtonSize;
  className?: string;
}) {
  const next = () => void pages.fetchNextPage();
  if (pages.isFetchNextPageError) return <Unavailable className="mt-3" what={what} onRetry={next} />;
  if (!pages.hasNextPage) return null;
  return (
    <div className={className}>
      <Button
        variant="secondary"
        size={size}
        disabled={pages.isFetchingNextPage}
        aria-busy={pages.isFetchingNextPage}
        onClick={next}
      >
        {label}
      </Button>
    </div>
  );
}
