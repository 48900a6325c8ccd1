import { describe, expect, it } from 'vitest';
import { Gate } from './gate';

const refused = () => new Error('busy');

describe('the gate before the reports pool', () => {
  it('lets `size` in at once and the rest in order of arrival as places free up', async () => {
    const gate = new Gate(2, 10, 10_000, refused);
    await gate.enter();
    await gate.enter();
    const order: number[] = [];
    const waiting = [1, 2, 3].map((n) => gate.enter().then(() => order.push(n)));
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual([]);
    gate.leave();
    gate.leave();
    gate.leave();
    await Promise.all(waiting);
    expect(order).toEqual([1, 2, 3]);
  });

  it('refuses at once past the queue limit, and a waiter past its wait', async () => {
    const gate = new Gate(1, 1, 50, refused);
    await gate.enter();
    const t0 = performance.now();
    const waiter = gate.enter();
    await expect(gate.enter()).rejects.toThrow('busy');
    await expect(waiter).rejects.toThrow('busy');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(45);
    // The timed-out waiter left its place: the next one queues again.
    const next = gate.enter();
    gate.leave();
    await next;
  });

  it('lets a waiter whose request was abandoned leave the queue, and refuses one abandoned already', async () => {
    const gate = new Gate(1, 5, 10_000, refused);
    await gate.enter();
    const abandoned = new AbortController();
    const first = gate.enter(abandoned.signal);
    const second = gate.enter();
    abandoned.abort(new Error('gone'));
    await expect(first).rejects.toThrow('gone');
    gate.leave();
    await second;
    await expect(gate.enter(abandoned.signal)).rejects.toThrow('gone');
  });
});
