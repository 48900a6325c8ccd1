import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { fakeApi, server } from './fake-api';

beforeAll(() =>
  server.listen({
    // As 'error' does, and noted too: the page may swallow the failed request, the test must not.
    onUnhandledRequest: (request, print) => {
      fakeApi.unhandled(request);
      print.error();
    },
  }),
);
afterAll(() => server.close());

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  const problems = fakeApi.reset();
  if (problems.length) throw new Error(`The fake API met problems:\n\n${problems.join('\n\n')}`);
});

// jsdom has no matchMedia; tests that care replace this with their own answer.
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }),
});

// jsdom has no canvas: getContext answers null, as a browser without canvas support would.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
