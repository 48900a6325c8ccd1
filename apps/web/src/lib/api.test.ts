import { accessApi, accountApi, attendanceApi, authApi, systemApi } from '@atrium/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeApi, proxyPage, unreachable } from '@/test/fake-api';
import { staffUser } from '@/test/render';
import {
  ApiError,
  apiRequest,
  errorMessage,
  onSessionExpired,
  REFRESH_LOCK,
  refreshAccessToken,
} from './api';
import { clearToken, getToken, setToken } from './token';

const me = { user: staffUser };
const expired = failure(401, 'unauthorized', 'Token expired');
const appInfo = {
  name: 'Atrium',
  organisationName: 'Atrium',
  demo: false,
  demoAccounts: false,
  sso: null,
  passwordLogin: true,
  timezone: 'UTC',
};

/** /auth/me as the server answers it: the user for `token`, 401 for any other. */
const meFor = (token: string) =>
  fakeApi.on(authApi.me, (request) =>
    request.headers.get('Authorization') === `Bearer ${token}` ? me : expired,
  );

const urls = () => fakeApi.requests().map((request) => request.url);

afterEach(() => {
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
    fakeApi.on(authApi.me, me);

    await expect(apiRequest('/auth/me')).resolves.toEqual(me);

    const [sent] = fakeApi.requests(authApi.me);
    expect(sent?.url).toBe('/api/auth/me');
    expect(sent?.headers.get('Authorization')).toBe('Bearer t1');
    expect(sent?.credentials).toBe('same-origin');
  });

  it('turns the error body into an ApiError', async () => {
    const issue = { field: 'newPassword', rule: 'not_common', message: 'Too common' };
    fakeApi.fail(accountApi.changePassword, 400, 'validation_failed', 'Too common', [issue]);

    const error = await apiRequest('/auth/change-password', {
      method: 'POST',
      body: { currentPassword: 'old secret', newPassword: 'password12' },
    }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Too common' });
    expect((error as ApiError).details).toEqual([issue]);
    expect(errorMessage(error, 'Could not change the password')).toBe('Too common');
  });

  it('falls back to the caller text when the server sent no error message', async () => {
    fakeApi.on(systemApi.appInfo, proxyPage(502, 'oops'));
    const error = await apiRequest('/app-info').catch((e: unknown) => e);
    expect(errorMessage(error, 'Login failed')).toBe('Login failed');
  });

  it('does not try to refresh when login itself answers 401', async () => {
    fakeApi.fail(authApi.login, 401, 'unauthorized', 'Invalid email or password');
    await expect(
      apiRequest('/auth/login', { method: 'POST', body: { email: 'someone@atrium.local', password: 'x' } }),
    ).rejects.toMatchObject({ status: 401 });
    expect(urls()).toEqual(['/api/auth/login']);
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    setToken('old');
    meFor('new');
    fakeApi.on(authApi.refresh, { token: 'new' });

    await expect(apiRequest('/auth/me')).resolves.toEqual(me);

    expect(urls()).toEqual(['/api/auth/me', '/api/auth/refresh', '/api/auth/me']);
    const [, refresh, retry] = fakeApi.requests();
    expect(refresh?.method).toBe('POST');
    expect(retry?.headers.get('Authorization')).toBe('Bearer new');
    expect(getToken()).toBe('new');
  });

  it('does not refresh a second time when the retry is refused too', async () => {
    setToken('old');
    fakeApi.on(authApi.me, expired);
    fakeApi.on(authApi.refresh, { token: 'new' });

    await expect(apiRequest('/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(fakeApi.requests()).toHaveLength(3);
  });

  it('shares one refresh between concurrent 401s', async () => {
    setToken('old');
    const stats = { stats: { today_entries: 1, week_entries: 4, authorized_areas: 2 } };
    const status = {
      status: {
        date: '2026-07-06',
        check_in_time: null,
        check_out_time: null,
        hours_worked: null,
        late: false,
        canCheckIn: true,
        canCheckOut: false,
        time_zone: 'UTC',
      },
    };
    meFor('new');
    const renewed = (request: { headers: Headers }) => request.headers.get('Authorization') === 'Bearer new';
    fakeApi.on(accessApi.myStats, (request) => (renewed(request) ? stats : expired));
    fakeApi.on(attendanceApi.myStatus, (request) => (renewed(request) ? status : expired));
    let finishRefresh: () => void = () => {};
    fakeApi.on(
      authApi.refresh,
      () =>
        new Promise((resolve) => {
          finishRefresh = () => resolve({ token: 'new' });
        }),
    );

    const calls = Promise.all([
      apiRequest('/auth/me'),
      apiRequest('/access/my-stats'),
      apiRequest('/attendance/my-status'),
    ]);
    await vi.waitFor(() => expect(fakeApi.requests(authApi.refresh)).toHaveLength(1));
    // Let the other 401s arrive while the refresh is still open.
    await vi.waitFor(() => expect(fakeApi.requests()).toHaveLength(4));
    await new Promise((resolve) => setTimeout(resolve, 10));
    finishRefresh();

    await expect(calls).resolves.toEqual([me, stats, status]);
    expect(fakeApi.requests(authApi.refresh)).toHaveLength(1);
  });

  it('signs out when the refresh is refused', async () => {
    setToken('old');
    const expiredSession = vi.fn();
    const stop = onSessionExpired(expiredSession);
    fakeApi.on(authApi.me, expired);
    fakeApi.fail(authApi.refresh, 401, 'unauthorized', 'No session');

    await expect(apiRequest('/auth/me')).rejects.toMatchObject({ status: 401 });

    expect(expiredSession).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
    expect(fakeApi.requests()).toHaveLength(2);
    stop();
  });

  it('keeps the session when the refresh fails for a server error', async () => {
    setToken('old');
    const expiredSession = vi.fn();
    const stop = onSessionExpired(expiredSession);
    fakeApi.on(authApi.me, expired);
    fakeApi.fail(authApi.refresh, 503, 'unavailable', 'Down');

    await expect(apiRequest('/auth/me')).rejects.toMatchObject({ status: 401 });

    expect(expiredSession).not.toHaveBeenCalled();
    expect(getToken()).toBe('old');
    stop();
  });

  it('sends the held token to app-info too, even when storage refuses to keep it', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    setToken('held');
    fakeApi.on(systemApi.appInfo, appInfo);
    fakeApi.on(authApi.me, me);

    await apiRequest('/app-info');
    await apiRequest('/auth/me');

    expect(fakeApi.requests().map((r) => r.headers.get('Authorization'))).toEqual([
      'Bearer held',
      'Bearer held',
    ]);
    setItem.mockRestore();
  });

  it('renews under a lock all tabs share', async () => {
    const { requested } = installLocks();
    setToken('old');
    meFor('new');
    fakeApi.on(authApi.refresh, { token: 'new' });

    await expect(apiRequest('/auth/me')).resolves.toEqual(me);
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
    meFor('renewed-by-other-tab');

    const call = apiRequest('/auth/me');
    await vi.waitFor(() => expect(fakeApi.requests()).toHaveLength(1));
    otherTabDone();
    await otherTab;

    await expect(call).resolves.toEqual(me);
    expect(urls()).toEqual(['/api/auth/me', '/api/auth/me']);
  });

  it('refreshes after waiting when the other tab left the token as it was', async () => {
    installLocks();
    setToken('old');
    fakeApi.on(authApi.refresh, { token: 'fresh' });
    await expect(refreshAccessToken('old')).resolves.toBe('fresh');
    expect(urls()).toEqual(['/api/auth/refresh']);
  });

  it('wraps a network failure in an ApiError with status 0', async () => {
    fakeApi.on(systemApi.appInfo, unreachable);
    await expect(apiRequest('/app-info')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});
