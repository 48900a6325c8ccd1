import type { ReactNode } from 'react';
import { Card, CardContent } from './Card';
import { Spinner } from './Spinner';
import { Unavailable } from './Unavailable';

/** What this reads of a TanStack Query result, plain or infinite. */
interface QueryLike<T> {
  data: T | undefined;
  isError: boolean;
  refetch: () => unknown;
}

/** How an empty text shows: a grey line, a dashed box, or a card of its own. */
export type EmptyLook = 'line' | 'box' | 'card';

const EMPTY_CLASSES: Record<EmptyLook, string> = {
  line: 'text-sm text-slate-600',
  box: 'rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600',
  card: 'py-10 text-center text-sm text-slate-600',
};

function Empty({ look, children }: { look: EmptyLook; children: ReactNode }) {
  if (look === 'card')
    return (
      <Card>
        <CardContent className={EMPTY_CLASSES.card}>{children}</CardContent>
      </Card>
    );
  return <p className={EMPTY_CLASSES[look]}>{children}</p>;
}

/**
 * A screen's data as it loads: a spinner while it comes, "… unavailable" with Retry when it could
 * not be loaded (never made-up figures), the empty text when `isEmpty` says there is nothing, and
 * otherwise `children` with the data.
 */
export function QueryState<T>({
  query,
  what,
  loading,
  loadingClassName,
  errorClassName,
  retryLabel,
  isEmpty,
  empty,
  emptyLook = 'line',
  keepDataOnError = false,
  children,
}: {
  query: QueryLike<T>;
  /** The subject of the unavailable message: "Holidays" reads "Holidays unavailable". */
  what: string;
  /** The spinner's text, "Loading..." unless given. */
  loading?: string;
  loadingClassName?: string;
  errorClassName?: string;
  retryLabel?: string;
  isEmpty?: (data: T) => boolean;
  /** A text shows in `emptyLook`; an element as it is. */
  empty?: ReactNode;
  emptyLook?: EmptyLook;
  /** An infinite list keeps its pages when a later page fails: that failure shows below them. */
  keepDataOnError?: boolean;
  children: (data: T) => ReactNode;
}) {
  const { data } = query;
  if (query.isError && (data === undefined || !keepDataOnError))
    return (
      <Unavailable
        what={what}
        onRetry={() => void query.refetch()}
        className={errorClassName}
        retryLabel={retryLabel}
      />
    );
  if (data === undefined) return <Spinner label={loading} className={loadingClassName} />;
  if (isEmpty?.(data)) return typeof empty === 'string' ? <Empty look={emptyLook}>{empty}</Empty> : empty;
  return children(data);
}
