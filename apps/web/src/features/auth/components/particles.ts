export interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  radius: number;
}

const SPEED = 0.35;

export function createParticles(
  count: number,
  width: number,
  height: number,
  random = Math.random,
): Particle[] {
  return Array.from({ length: count }, () => ({
    x: random() * width,
    y: random() * height,
    vx: (random() - 0.5) * 2 * SPEED,
    vy: (random() - 0.5) * 2 * SPEED,
    radius: 1 + random() * 1.5,
  }));
}

/** Keeps particles on screen after the canvas shrinks. */
export function fitParticles(particles: Particle[], width: number, height: number): Particle[] {
  for (const particle of particles) {
    particle.x = Math.min(particle.x, width);
    particle.y = Math.min(particle.y, height);
  }
  return particles;
}

/** Moves every particle one frame, bouncing off the edges. */
export function stepParticles(particles: Particle[], width: number, height: number): void {
  for (const particle of particles) {
    particle.x += particle.vx;
    particle.y += particle.vy;
    if (particle.x < 0 || particle.x > width) particle.vx = -particle.vx;
    if (particle.y < 0 || particle.y > height) particle.vy = -particle.vy;
  }
}

/** Dots, and a line between any two closer than linkDistance that fades with distance. */
export function drawParticles(
  context: CanvasRenderingContext2D,
  particles: Particle[],
  width: number,
  height: number,
  linkDistance: number,
): void {
  context.clearRect(0, 0, width, height);
  context.lineWidth = 1;
  for (let i = 0; i < particles.length; i++) {
    const a = particles[i]!;
    for (let j = i + 1; j < particles.length; j++) {
      const b = particles[j]!;
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      if (distance >= linkDistance) continue;
      context.strokeStyle = `rgba(165, 180, 252, ${(1 - distance / linkDistance) * 0.35})`;
      context.beginPath();
      context.moveTo(a.x, a.y);
      context.lineTo(b.x, b.y);
      context.stroke();
    }
  }
  context.fillStyle = 'rgba(224, 231, 255, 0.8)';
  for (const particle of particles) {
    context.beginPath();
    context.arc(particle.x, particle.y, particle.radius, 0, Math.PI * 2);
    context.fill();
  }
}
