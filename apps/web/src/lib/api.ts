import type { ErrorBody, ErrorCode, RefreshResponse } from '@atrium/contract';
import { shellApi } from './shell-endpoints';
import { clearToken, getToken, setToken } from './token';

export const API_BASE = '/api';

/**
 * What a failed call was: one of the contract's error codes, `network_error` when the server was
 * not reached, or `http_<status>` for an answer without the error envelope (a proxy's page).
 * Screens switch on it by type, so a misspelt code fails typecheck.
 */
export type ApiErrorCode = ErrorCode | 'network_error' | `http_${number}`;

/** A failed call: the HTTP status and the server's `{ error: { code, message, details } }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly details: unknown;
  /** False when the message is ours (network failure, a body without an error), not the server's. */
  readonly fromServer: boolean;

  constructor(status: number, code: ApiErrorCode, message: string, details?: unknown, fromServer = true) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.fromServer = fromServer;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The server's error text when it sent one, else the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.fromServer && error.message ? error.message : fallback;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  headers?: HeadersInit;
  signal?: AbortSignal;
}

type Listener = () => void;
const sessionExpiredListeners = new Set<Listener>();

/** Called when the session cannot be renewed; the auth provider clears the user on it. */
export function onSessionExpired(listener: Listener): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

function expireSession(): void {
  clearToken();
  for (const listener of sessionExpiredListeners) listener();
}

// These calls are how a token is obtained: a 401 from them is the answer, not a stale token.
const NO_REFRESH = new Set<string>([shellApi.login.path, shellApi.refresh.path]);

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  // No content type without a body: the server rejects an empty JSON body.
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    return await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    // An abort is the caller's own doing (TanStack Query cancels), so it passes through untouched.
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', 'The server could not be reached', error, false);
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const isErrorBody = (body: unknown): body is ErrorBody =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as ErrorBody).error === 'object' &&
  (body as ErrorBody).error !== null &&
  typeof (body as ErrorBody).error.message === 'string';

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readBody(response).catch(() => undefined);
  if (isErrorBody(body)) {
    const { code, message, details } = body.error;
    return new ApiError(response.status, code ?? `http_${response.status}`, message, details);
  }
  return new ApiError(
    response.status,
    `http_${response.status}`,
    `Request failed with status ${response.status}`,
    undefined,
    false,
  );
}

let refreshing: Promise<string> | null = null;

/** The Web Locks name every tab of this origin takes before it renews the shared token. */
export const REFRESH_LOCK = 'atrium-token-refresh';

/** Runs `task` while holding a lock shared by all tabs (Web Locks API), or at once without one. */
function acrossTabs<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // Without Web Locks the server's grace period still answers two tabs' refreshes alike.
  return locks?.request ? (locks.request(REFRESH_LOCK, task) as Promise<T>) : task();
}

/**
 * Gets a new access token with the refresh cookie. Callers in this tab share one request, and
 * tabs take turns through a lock: the server rotates the refresh cookie they share, so a tab that
 * waited finds the token another tab stored meanwhile and uses it instead of refreshing again.
 * `stale` is the token that was refused (the one held now, by default).
 */
export function refreshAccessToken(stale: string | null = getToken()): Promise<string> {
  refreshing ??= acrossTabs(async () => {
    const current = getToken();
    if (current && current !== stale) return current;
    return doRefresh();
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function doRefresh(): Promise<string> {
  const { method, path } = shellApi.refresh;
  const response = await send(path, { method }, null);
  if (!response.ok) {
    const error = await toApiError(response);
    // A 5xx says nothing about the session, so only a refusal ends it.
    if (response.status < 500) expireSession();
    throw error;
  }
  const { token } = (await response.json()) as RefreshResponse;
  setToken(token);
  return token;
}

/**
 * fetch with the bearer token and one refresh-and-retry on a 401. Throws ApiError on any
 * non-2xx answer; resolves with the raw Response (for file downloads).
 */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const token = getToken();
  let response = await send(path, options, token);
  if (response.status === 401 && !NO_REFRESH.has(path.split('?')[0] ?? path)) {
    const current = getToken();
    let fresh: string;
    if (current && current !== token) {
      // Another call renewed the token while this one was in flight.
      fresh = current;
    } else {
      try {
        fresh = await refreshAccessToken(token);
      } catch {
        throw await toApiError(response);
      }
    }
    response = await send(path, options, fresh);
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** A JSON call: resolves with the parsed body (undefined for an empty one). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  return (await readBody(response)) as T;
}
