import type { LiveEventData, LiveEventType, LiveMessage } from '@atrium/contract';
import { createContext, useContext, useEffect, useEffectEvent } from 'react';
import type { LiveHandler, LiveStatus } from './live';

export interface SocketContextValue {
  status: LiveStatus;
  /** True once the server has accepted the join; drives the Connected indicator. */
  connected: boolean;
  /** Stable across reconnects and sign-ins; '*' receives every message. */
  subscribe: (type: LiveEventType | '*', handler: LiveHandler) => () => void;
}

export const SocketContext = createContext<SocketContextValue | null>(null);

export function useSocket(): SocketContextValue {
  const socket = useContext(SocketContext);
  if (!socket) throw new Error('useSocket must be used within a SocketProvider');
  return socket;
}

/** Runs the handler with each live event of one type, always calling the latest handler. */
export function useLiveEvent<T extends LiveEventType>(
  type: T,
  handler: (data: LiveEventData<T>) => void,
): void {
  const { subscribe } = useSocket();
  const onEvent = useEffectEvent((message: LiveMessage) => handler(message.data as LiveEventData<T>));
  useEffect(() => subscribe(type, (message) => onEvent(message)), [subscribe, type]);
}
