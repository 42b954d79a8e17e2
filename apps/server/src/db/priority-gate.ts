import type { PGlite } from '@electric-sql/pglite';
import { withMethods } from './with-methods.ts';

/**
 * PGlite runs one statement or transaction at a time, in arrival order. Under a stream of balance
 * changes that queue is long, and the tap flush would wait behind all of it: every player's
 * durable confirmation would then depend on other players' purchases (issue 6). The gate sits in
 * front of PGlite: one piece of work at a time, as before, but urgent work (the flush) goes next
 * instead of last. It waits at most for the transaction already running, and the event loop
 * turns between two pieces of work.
 */
export class PriorityGate {
  private busy = false;
  private readonly urgent: (() => void)[] = [];
  private readonly normal: (() => void)[] = [];
  readonly stats = { urgentWaits: 0, overtaken: 0 };

  async run<T>(urgent: boolean, work: () => Promise<T>): Promise<T> {
    if (this.busy) {
      if (urgent) {
        this.stats.urgentWaits++;
        this.stats.overtaken += this.normal.length;
      }
      await new Promise<void>((resolve) => (urgent ? this.urgent : this.normal).push(resolve));
    }
    this.busy = true;
    try {
      return await work();
    } finally {
      // PGlite answers synchronously under its promises: handing over within the same microtask
      // run would execute a whole queue of transactions without the event loop ever turning,
      // holding back socket replies and the flush timer (a 660 ms stall was profiled). Hand the
      // slot to the next waiter on the next turn instead; it stays busy so nothing slips in.
      const next = this.urgent.shift() ?? this.normal.shift();
      if (next) setImmediate(next);
      else this.busy = false;
    }
  }
}

/**
 * The PGlite client as drizzle and the app see it: `query`, `exec` and `transaction` pass the
 * gate at normal priority. Statements inside a transaction use the transaction's own handle and
 * do not pass it again; PGlite itself already makes an outside statement wait for an open
 * transaction, so the gate adds no new way to deadlock.
 */
export function gatedClient(client: PGlite, gate: PriorityGate): PGlite {
  const gated =
    <K extends 'query' | 'exec' | 'transaction'>(name: K) =>
    (...args: unknown[]) =>
      gate.run(false, () => (client[name] as (...a: unknown[]) => Promise<unknown>).apply(client, args));
  return withMethods(client, {
    query: gated('query') as PGlite['query'],
    exec: gated('exec') as PGlite['exec'],
    transaction: gated('transaction') as PGlite['transaction'],
  });
}
