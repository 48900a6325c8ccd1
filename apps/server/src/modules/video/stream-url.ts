/** The password mark shown instead of a stream URL's password. */
export const HIDDEN = '****';

/** A stream URL fit for a browser: any password inside it replaced by ****. */
export function hideCredentials(stored: string): string {
  try {
    const url = new URL(stored);
    if (!url.password) return stored;
    url.password = HIDDEN;
    return url.toString();
  } catch {
    return stored.replace(/\/\/[^@/]*@/, `//${HIDDEN}@`);
  }
}

/**
 * An edited URL that still carries the **** mark gets the stored password back, so an admin
 * changing the name or the path need not type the camera's password again.
 */
export function keepCredentials(edited: string, stored: string): string {
  try {
    const next = new URL(edited);
    if (decodeURIComponent(next.password) !== HIDDEN) return edited;
    const before = new URL(stored);
    next.password = before.password;
    return next.toString();
  } catch {
    return edited;
  }
}
