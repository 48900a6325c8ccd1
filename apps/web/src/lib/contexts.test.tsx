import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAuth } from './auth-context';
import { useSocket } from './socket-context';

function UsesAuth() {
  useAuth();
  return null;
}

function UsesSocket() {
  useSocket();
  return null;
}

describe('context hooks', () => {
  it('useAuth throws outside an AuthProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<UsesAuth />)).toThrow('useAuth must be used within an AuthProvider');
  });

  it('useSocket throws outside a SocketProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<UsesSocket />)).toThrow('useSocket must be used within a SocketProvider');
  });
});
