/** The access token lives in localStorage under `token` (the spec's session entity). */
export const TOKEN_KEY = 'token';

// Storage can throw (private mode, disabled storage); a missing token then just means signed out.
export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // The session still works for this page load through the in-memory caller.
  }
}

export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
