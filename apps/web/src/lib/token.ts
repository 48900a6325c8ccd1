/** The access token lives in localStorage under `token` (the spec's session entity). */
export const TOKEN_KEY = 'token';

/**
 * The token this page holds when storage refuses it (private mode, storage disabled by policy):
 * while a token is held it is still sent on every request, for this page load at least.
 */
let inMemory: string | null = null;
let storageRefused = false;

// Storage is the source of truth when it works: another tab's sign-out or renewal shows there.
export function getToken(): string | null {
  if (storageRefused) return inMemory;
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    storageRefused = true;
    return inMemory;
  }
}

export function setToken(token: string): void {
  inMemory = token;
  try {
    localStorage.setItem(TOKEN_KEY, token);
    storageRefused = false;
  } catch {
    storageRefused = true;
  }
}

export function clearToken(): void {
  inMemory = null;
  try {
    localStorage.removeItem(TOKEN_KEY);
    storageRefused = false;
  } catch {
    // Nothing stored, nothing to clear.
  }
}
