import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/Button';
import { logger } from '@/lib/logger';

/**
 * Last-resort screen for a render or loading failure. The usual cause is a page chunk that a
 * newer deployment replaced, which a reload fixes.
 */
export function RouteError() {
  const error = useRouteError();
  logger.error('route error', error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3 px-4 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Something went wrong</h1>
      <p className="max-w-md text-slate-600">
        The page could not be shown. Reloading usually helps.{detail ? ` (${detail})` : ''}
      </p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </div>
  );
}
