import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  errorMessage,
  onSessionExpired,
  REFRESH_LOCK,
  refreshAccessToken,
} from './api';
import { clearToken, getToken, setToken } from './token';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const unauthorized = () => json(401, { error: { code: 'unauthenticated', message: 'Token expired' } });

const authOf = (init: RequestInit | undefined) => new Headers(init?.headers).get('Authorization');

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
  delete (navigator as { locks?: unknown }).locks;
});

/** Web Locks as a browser gives them: one holder per name across tabs, the others queue. */
function installLocks() {
  const queues = new Map<string, Promise<unknown>>();
  const requested: string[] = [];
  const locks = {
    request<T>(name: string, task: () => Promise<T>): Promise<T> {
      requested.push(name);
      const run = (queues.get(name) ?? Promise.resolve()).then(task);
      queues.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  return { locks, requested };
}

describe('api client', () => {
  it('sends the bearer token and parses JSON', async () => {
    setToken('t1');
    fetchMock.mockResolvedValueOnce(json(200, { user: { id: 1 } }));

    await expect(apiRequest('/auth/me')).resolves.toEqual({ user: { id: 1 } });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/me');
    expect(authOf(init)).toBe('Bearer t1');
    expect(init?.credentials).toBe('same-origin');
  });

  it('turns the error body into an ApiError', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, { error: { code: 'validation', message: 'Bad input', details: [{ field: 'email' }] } }),
    );

    const error = await apiRequest('/auth/login', { method: 'POST', body: { email: 'x' } }).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation', message: 'Bad input' });
    expect((error as ApiError).details).toEqual([{ field: 'email' }]);
    expect(errorMessage(error, 'Login failed')).toBe('Bad input');
  });

  it('falls back to the caller text when the server sent no error message', async () => {
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 502 }));
    const error = await apiRequest('/app-info').catch((e: unknown) => e);
    expect(errorMessage(error, 'Login failed')).toBe('Login failed');
  });

  it('does not try to refresh when login itself answers 401', async () => {
    fetchMock.mockResolvedValueOnce(unauthorized());
    await expect(apiRequest('/auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    setToken('old');
    fetchMock
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(json(200, { token: 'new' }))
      .mockResolvedValueOnce(json(200, { ok: true }));

    await expect(apiRequest('/things')).resolves.toEqual({ ok: true });

    const urls = fetchMock.mock.calls.map(([url]) => url);
    expect(urls).toEqual(['/api/things', '/api/auth/refresh', '/api/things']);
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('POST');
    expect(authOf(fetchMock.mock.calls[2]?.[1])).toBe('Bearer new');
    expect(getToken()).toBe('new');
  });

  it('does not refresh a second time when the retry is refused too', async () => {
    setToken('old');
    fetchMock
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(json(200, { token: 'new' }))
      .mockResolvedValueOnce(unauthorized());

    await expect(apiRequest('/things')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('shares one refresh between concurrent 401s', async () => {
    setToken('old');
    let finishRefresh: (response: Response) => void = () => {};
    fetchMock.mockImplementation((input, init) => {
      const url = String(input);
      if (url === '/api/auth/refresh') {
        return new Promise<Response>((resolve) => {
          finishRefresh = resolve;
        });
      }
      return Promise.resolve(authOf(init) === 'Bearer new' ? json(200, { url }) : unauthorized());
    });

    const calls = Promise.all([apiRequest('/a'), apiRequest('/b'), apiRequest('/c')]);
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/refresh')).toBe(true),
    );
    // Let the other 401s arrive while the refresh is still open.
    await new Promise((resolve) => setTimeout(resolve, 0));
    finishRefresh(json(200, { token: 'new' }));

    await expect(calls).resolves.toEqual([{ url: '/api/a' }, { url: '/api/b' }, { url: '/api/c' }]);
    const refreshes = fetchMock.mock.calls.filter(([url]) => url === '/api/auth/refresh');
    expect(refreshes).toHaveLength(1);
  });

  it('signs out when the refresh is refused', async () => {
    setToken('old');
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    fetchMock
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(json(401, { error: { code: 'unauthenticated', message: 'No session' } }));

    await expect(apiRequest('/things')).rejects.toMatchObject({ status: 401 });

    expect(expired).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    stop();
  });

  it('keeps the session when the refresh fails for a server error', async () => {
    setToken('old');
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    fetchMock
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(json(503, { error: { code: 'unavailable', message: 'Down' } }));

    await expect(apiRequest('/things')).rejects.toMatchObject({ status: 401 });

    expect(expired).not.toHaveBeenCalled();
    expect(getToken()).toBe('old');
    stop();
  });

  it('sends the held token to app-info too, even when storage refuses to keep it', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    setToken('held');
    fetchMock.mockImplementation(async () => json(200, { name: 'Atrium' }));

    await apiRequest('/app-info');
    await apiRequest('/dashboard/stats');

    expect(fetchMock.mock.calls.map(([, init]) => authOf(init))).toEqual(['Bearer held', 'Bearer held']);
    setItem.mockRestore();
  });

  it('renews under a lock all tabs share', async () => {
    const { requested } = installLocks();
    setToken('old');
    fetchMock
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(json(200, { token: 'new' }))
      .mockResolvedValueOnce(json(200, { ok: true }));

    await expect(apiRequest('/things')).resolves.toEqual({ ok: true });
    expect(requested).toEqual([REFRESH_LOCK]);
  });

  it('uses the token another tab renewed while this one waited, instead of refreshing again', async () => {
    const { locks } = installLocks();
    setToken('old');
    let otherTabDone: () => void = () => {};
    // Another tab holds the lock: it is renewing the shared token right now.
    const otherTab = locks.request(
      REFRESH_LOCK,
      () =>
        new Promise<void>((resolve) => {
          otherTabDone = () => {
            setToken('renewed-by-other-tab');
            resolve();
          };
        }),
    );
    fetchMock.mockImplementation(async (_input, init) =>
      authOf(init) === 'Bearer renewed-by-other-tab' ? json(200, { ok: true }) : unauthorized(),
    );

    const call = apiRequest('/things');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    otherTabDone();
    await otherTab;

    await expect(call).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/things', '/api/things']);
  });

  it('refreshes after waiting when the other tab left the token as it was', async () => {
    installLocks();
    setToken('old');
    fetchMock.mockResolvedValueOnce(json(200, { token: 'fresh' }));
    await expect(refreshAccessToken('old')).resolves.toBe('fresh');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/refresh']);
  });

  it('wraps a network failure in an ApiError with status 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('/app-info')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});
