import { describe, expect, it } from 'vitest';
import { PriorityGate } from '../src/db/priority-gate.ts';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('PGlite priority gate (issue 6: the flush never queues behind balance changes)', () => {
  it('runs one piece of work at a time, urgent work before waiting normal work', async () => {
    const gate = new PriorityGate();
    const order: string[] = [];
    let running = 0;
    const job = (name: string) => async () => {
      running++;
      expect(running).toBe(1);
      order.push(name);
      await tick();
      running--;
    };
    const all = [
      gate.run(false, job('a')),
      gate.run(false, job('b')),
      gate.run(false, job('c')),
      gate.run(true, job('flush')),
    ];
    await Promise.all(all);
    expect(order).toEqual(['a', 'flush', 'b', 'c']);
    expect(gate.stats).toEqual({ urgentWaits: 1, overtaken: 2 });
  });

  it('lets the event loop turn between two queued pieces of work', async () => {
    const gate = new PriorityGate();
    const order: string[] = [];
    // Work that finishes without ever yielding to I/O, like PGlite's synchronous statements.
    const instant = (name: string) => async () => {
      order.push(name);
    };
    const queued = [
      gate.run(false, instant('tx1')),
      gate.run(false, instant('tx2')),
      gate.run(false, instant('tx3')),
    ];
    setImmediate(() => order.push('io'));
    await Promise.all(queued);
    expect(order.indexOf('io')).toBeGreaterThan(0);
    expect(order.indexOf('io')).toBeLessThan(order.length - 1);
  });

  it('a failed piece of work hands the slot on and reports its error', async () => {
    const gate = new PriorityGate();
    const failing = gate.run(false, async () => {
      throw new Error('boom');
    });
    const next = gate.run(false, async () => 'next ran');
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next ran');
  });
});
