import type { LiveMessage } from '@atrium/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { LiveHandler } from '@/lib/live';
import { SocketContext } from '@/lib/socket-context';
import { useLiveInvalidation } from './live-invalidation';

function setUp() {
  const handlers = new Set<LiveHandler>();
  const queryClient = new QueryClient();
  for (const key of ['attendance', 'leave', 'video', 'settings']) queryClient.setQueryData([key], key);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <SocketContext.Provider
        value={{
          status: 'connected',
          connected: true,
          subscribe: (_type, handler) => {
            handlers.add(handler);
            return () => handlers.delete(handler);
          },
        }}
      >
        {children}
      </SocketContext.Provider>
    </QueryClientProvider>
  );
  renderHook(() => useLiveInvalidation(), { wrapper });
  const send = (message: LiveMessage) => {
    for (const handler of handlers) handler(message);
  };
  const stale = () =>
    ['attendance', 'leave', 'video', 'settings'].filter(
      (key) => queryClient.getQueryState([key])?.isInvalidated,
    );
  return { send, stale };
}

describe('live invalidation', () => {
  it('makes the queries an event concerns stale, and only those', () => {
    const { send, stale } = setUp();
    send({ type: 'attendance_update', data: { userId: 1, date: '2026-11-27', action: 'check_in' }, seq: 3 });
    expect(stale()).toEqual(['attendance']);
  });

  it('makes every query stale when the server says what was missed is no longer known', () => {
    const { send, stale } = setUp();
    send({ type: 'reload', data: {} });
    expect(stale()).toEqual(['attendance', 'leave', 'video', 'settings']);
  });
});
