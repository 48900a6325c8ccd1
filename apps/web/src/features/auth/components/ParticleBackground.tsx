import { useEffect, useRef } from 'react';
import { createParticles, drawParticles, fitParticles, stepParticles } from './particles';

/**
 * The login page's animated backdrop: a small canvas of drifting, linked dots. Purely
 * decorative, so hidden from assistive technology; still when the user prefers reduced motion.
 */
export function ParticleBackground({
  count = 50,
  linkDistance = 150,
}: {
  count?: number;
  linkDistance?: number;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;

    const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    let frame = 0;
    let width = 0;
    let height = 0;
    let particles: ReturnType<typeof createParticles> = [];

    const draw = () => drawParticles(context, particles, width, height, linkDistance);
    const resize = () => {
      const ratio = window.devicePixelRatio || 1;
      width = canvas.clientWidth;
      height = canvas.clientHeight;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      particles = particles.length
        ? fitParticles(particles, width, height)
        : createParticles(count, width, height);
      draw();
    };
    const tick = () => {
      stepParticles(particles, width, height);
      draw();
      frame = requestAnimationFrame(tick);
    };
    const start = () => {
      if (!frame) frame = requestAnimationFrame(tick);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      frame = 0;
    };
    const applyMotionPreference = () => (reducedMotion?.matches ? stop() : start());

    resize();
    applyMotionPreference();
    window.addEventListener('resize', resize);
    reducedMotion?.addEventListener?.('change', applyMotionPreference);
    return () => {
      stop();
      window.removeEventListener('resize', resize);
      reducedMotion?.removeEventListener?.('change', applyMotionPreference);
    };
  }, [count, linkDistance]);

  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a canvas without tabindex or fallback content takes no focus
    <canvas
      ref={canvasRef}
      aria-hidden="true"
      data-testid="particle-background"
      className="pointer-events-none absolute inset-0 size-full"
    />
  );
}
