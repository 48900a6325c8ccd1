/** Diagnostics that are useful while developing and noise in production. */
export const logger = {
  debug(...args: unknown[]): void {
    if (import.meta.env.DEV && import.meta.env.MODE !== 'test') console.info('[atrium]', ...args);
  },
  warn(...args: unknown[]): void {
    console.warn('[atrium]', ...args);
  },
  error(...args: unknown[]): void {
    console.error('[atrium]', ...args);
  },
};
