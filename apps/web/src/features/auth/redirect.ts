/** Where to go after signing in: the page the guard remembered (location state `from`), else /dashboard. */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  let target: string | undefined;
  if (typeof from === 'string') {
    target = from;
  } else if (
    from &&
    typeof from === 'object' &&
    typeof (from as { pathname?: unknown }).pathname === 'string'
  ) {
    const { pathname, search = '', hash = '' } = from as { pathname: string; search?: string; hash?: string };
    target = `${pathname}${search}${hash}`;
  }
  // Only paths inside this app, and never back to the login page itself.
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/login')) return '/dashboard';
  return target;
}
