import { describe, expect, it } from 'vitest';
import { ProcessMetrics } from './process-metrics';

describe('ProcessMetrics latency', () => {
  it('gives the median of the last minute and forgets older requests', () => {
    let now = 0;
    const metrics = new ProcessMetrics(() => now);
    try {
      expect(metrics.latency()).toEqual({ median: null, count: 0 });
      for (const ms of [9, 1, 5]) metrics.record(ms);
      expect(metrics.latency()).toEqual({ median: 5, count: 3 });
      now = 30_000;
      metrics.record(2);
      expect(metrics.latency()).toEqual({ median: 3.5, count: 4 });
      // The first three are now more than a minute old.
      now = 60_001;
      expect(metrics.latency()).toEqual({ median: 2, count: 1 });
      now = 200_000;
      expect(metrics.latency()).toEqual({ median: null, count: 0 });
    } finally {
      metrics.stop();
    }
  });

  it('keeps the latest 20,000 requests of a busy minute', () => {
    const metrics = new ProcessMetrics(() => 0);
    try {
      for (let i = 0; i < 20_000; i += 1) metrics.record(1);
      for (let i = 0; i < 20_000; i += 1) metrics.record(7);
      expect(metrics.latency()).toEqual({ median: 7, count: 20_000 });
      metrics.record(3);
      expect(metrics.latency()).toEqual({ median: 7, count: 20_000 });
    } finally {
      metrics.stop();
    }
  });
});
