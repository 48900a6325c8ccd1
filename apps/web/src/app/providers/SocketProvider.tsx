import type { LiveEventType } from '@atrium/contract';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { refreshAccessToken } from '@/lib/api';
import { useAuth } from '@/lib/auth-context';
import { LiveClient, type LiveHandler, type LiveStatus } from '@/lib/live';
import { SocketContext, type SocketContextValue } from '@/lib/socket-context';
import { getToken } from '@/lib/token';

export function SocketProvider({ children }: { children: ReactNode }) {
  const { user, endSession } = useAuth();
  const [status, setStatus] = useState<LiveStatus>('idle');
  // Subscribers live here, not on the client, so they survive a new client after re-sign-in.
  const handlers = useRef(new Map<string, Set<LiveHandler>>());
  const userId = user?.id;

  const subscribe = useCallback((type: LiveEventType | '*', handler: LiveHandler) => {
    let set = handlers.current.get(type);
    if (!set) {
      set = new Set();
      handlers.current.set(type, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }, []);

  useEffect(() => {
    if (userId === undefined) return;
    const client = new LiveClient({
      userId,
      getToken,
      refreshToken: refreshAccessToken,
      onSessionEnded: () => endSession('ended'),
    });
    const offStatus = client.onStatus(setStatus);
    const offMessages = client.subscribe('*', (message) => {
      for (const key of [message.type, '*']) {
        for (const handler of handlers.current.get(key) ?? []) handler(message);
      }
    });
    client.start();
    return () => {
      offStatus();
      offMessages();
      client.stop();
      setStatus('idle');
    };
  }, [userId, endSession]);

  const value = useMemo<SocketContextValue>(
    () => ({ status, connected: status === 'connected', subscribe }),
    [status, subscribe],
  );

  return <SocketContext.Provider value={value}>{children}</SocketContext.Provider>;
}
