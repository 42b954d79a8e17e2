import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { PriorityGate } from '../src/db/priority-gate.ts';
import { openTestPglite } from './helpers/pglite-template.ts';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('PGlite priority gate (the flush never queues behind balance changes)', () => {
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

  it('hands the slot to waiting urgent work at once, without waiting for a turn', async () => {
    const gate = new PriorityGate();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let flushRan = false;
    const change = gate.run(false, () => held);
    const flush = gate.run(true, async () => {
      flushRan = true;
    });
    release();
    await change;
    // Microtasks only: no turn of the event loop (tens of milliseconds under load) in between.
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(flushRan).toBe(true);
    await flush;
  });

  it("lets a flush's next chunk, asked for as the last one's answer arrives, overtake waiting work", async () => {
    const gate = new PriorityGate();
    const order: string[] = [];
    const chunks = (async () => {
      await gate.run(true, async () => {
        await tick();
        order.push('chunk 1');
      });
      await gate.run(true, async () => {
        order.push('chunk 2');
      });
    })();
    // A balance change arrives while the first chunk runs.
    const change = gate.run(false, async () => {
      order.push('change');
    });
    await Promise.all([chunks, change]);
    expect(order).toEqual(['chunk 1', 'chunk 2', 'change']);
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

describe('the tap flush on PGlite (D-MONEY-7)', () => {
  let database: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ database, close } = await openTestPglite('titans-gate-'));
  });

  afterAll(() => close());

  it("keeps PGlite for all the flush's statements: no waiting statement and no turn of the event loop between them", async () => {
    const order: string[] = [];
    let waiting: Promise<unknown> | undefined;
    await database.urgent(async (query) => {
      const first = query('select 1 as one');
      // A balance change's statement queues meanwhile, and a turn of the event loop is due.
      waiting = database.query('select 2 as two').then(() => order.push('waiting statement'));
      setImmediate(() => order.push('turn'));
      await first;
      order.push('first');
      await query('select 3 as three');
      order.push('second');
    });
    await waiting;
    expect(order.slice(0, 2)).toEqual(['first', 'second']);
    expect(order).toContain('waiting statement');
  });
});
