import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { ParticleBackground } from './ParticleBackground';

const fakeContext = () =>
  new Proxy(
    {},
    { get: (target, key) => (key in target ? Reflect.get(target, key) : () => {}), set: () => true },
  );

const prefersReducedMotion = (reduce: boolean) =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query.includes('prefers-reduced-motion'),
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      }) as unknown as MediaQueryList,
  );

let requestFrame: MockInstance;

beforeEach(() => {
  requestFrame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => {});
});

describe('ParticleBackground', () => {
  it('is hidden from assistive technology', () => {
    render(<ParticleBackground />);
    expect(screen.getByTestId('particle-background').getAttribute('aria-hidden')).toBe('true');
  });

  it('animates when motion is welcome, and stops on unmount', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
      () => fakeContext() as unknown as CanvasRenderingContext2D,
    );
    prefersReducedMotion(false);
    const { unmount } = render(<ParticleBackground />);
    expect(requestFrame).toHaveBeenCalledTimes(1);
    unmount();
    expect(window.cancelAnimationFrame).toHaveBeenCalledWith(1);
  });

  it('does not start the animation under prefers-reduced-motion: reduce', () => {
    const getContext = vi
      .spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockImplementation(() => fakeContext() as unknown as CanvasRenderingContext2D);
    prefersReducedMotion(true);
    render(<ParticleBackground />);
    expect(getContext).toHaveBeenCalled();
    expect(requestFrame).not.toHaveBeenCalled();
  });

  it('does nothing without a 2D context', () => {
    prefersReducedMotion(false);
    render(<ParticleBackground />);
    expect(requestFrame).not.toHaveBeenCalled();
  });
});
