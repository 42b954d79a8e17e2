import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';
import { withMethods } from '../platform/pglite/with-methods.ts';

/**
 * PGlite runs one statement or transaction at a time, in arrival order. Under a stream of balance
 * changes that queue is long, and the tap flush would wait behind all of it: every player's
 * durable confirmation would then depend on other players' purchases. The gate sits in
 * front of PGlite: one piece of work at a time, as before, but urgent work (the flush) goes next
 * instead of last: it waits at most for the transaction already running, and takes PGlite as
 * soon as that ends. Before any other waiting work the event loop turns.
 */
export class PriorityGate {
  private taken = false;
  private readonly urgent: (() => void)[] = [];
  private readonly normal: (() => void)[] = [];
  readonly stats = { urgentWaits: 0, overtaken: 0 };

  /** True while a statement or transaction holds PGlite (or is being handed it). */
  get busy(): boolean {
    return this.taken;
  }

  /** Statements and transactions waiting for PGlite. */
  get waiting(): number {
    return this.urgent.length + this.normal.length;
  }

  async run<T>(urgent: boolean, work: () => Promise<T>): Promise<T> {
    if (this.taken) {
      if (urgent) {
        this.stats.urgentWaits++;
        this.stats.overtaken += this.normal.length;
      }
      await new Promise<void>((resolve) => (urgent ? this.urgent : this.normal).push(resolve));
    }
    this.taken = true;
    try {
      return await work();
    } finally {
      // Urgent work (a flush chunk, bounded) takes the slot at once: under load a turn of the
      // event loop is long, and every waiting flush chunk would pay it.
      const urgent = this.urgent.shift();
      if (urgent) urgent();
      // Other waiting work gets the slot on the next turn: PGlite answers synchronously under its
      // promises, and handing over within the same microtask run would execute a whole queue of
      // transactions without the event loop ever turning, holding back socket replies and the
      // flush timer (a 660 ms stall was profiled). The slot stays busy meanwhile, so nothing
      // slips in, and the waiter is chosen on that turn: a flush's next chunk, asked for as the
      // last one's answer arrives, still goes first.
      else if (this.normal.length > 0) setImmediate(() => this.handOver());
      else this.taken = false;
    }
  }

  private handOver() {
    const next = this.urgent.shift() ?? this.normal.shift();
    if (next) next();
    else this.taken = false;
  }
}

/**
 * The PGlite client as drizzle and the app see it: `query`, `exec` and `transaction` pass the
 * gate at normal priority. Statements inside a transaction use the transaction's own handle and
 * do not pass it again; PGlite itself already makes an outside statement wait for an open
 * transaction, so the gate adds no new way to deadlock.
 */
export function gatedClient(client: PGlite, gate: PriorityGate): PGlite {
  return withMethods(client, {
    query: <T>(text: string, params?: unknown[], options?: QueryOptions) =>
      gate.run(false, () => client.query<T>(text, params, options)),
    exec: (text: string, options?: QueryOptions) => gate.run(false, () => client.exec(text, options)),
    transaction: <T>(work: (tx: Transaction) => Promise<T>) =>
      gate.run(false, () => client.transaction(work)),
  });
}
