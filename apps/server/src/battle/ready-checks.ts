import type { Ticket } from './arena-context.ts';
import type { QueueEntry } from './matchmaking-queue.ts';

/**
 * A found PvP match waiting for both players to accept (F51, D-BATTLE-21): the two queue entries
 * as the pairing took them, and the deadline (the Arena's ms) after which it is called off.
 */
export interface ReadyCheck {
  id: string;
  deadline: number;
  entries: [QueueEntry<Ticket>, QueueEntry<Ticket>];
}

/** What an accept did: both are ready (the check is taken: start), the other is not yet, or too late. */
export type AcceptOutcome =
  | { status: 'both'; check: ReadyCheck }
  | { status: 'waiting' }
  | { status: 'late' }
  | { status: 'gone' };

/**
 * The ready checks in flight: in memory for one process, in Redis for a cluster
 * (`cluster-arena-store.ts`), where the two answers may arrive at two processes. A check is
 * decided once: the accept that completes it and a decline or expiry both take it atomically,
 * and only the one that took it acts.
 */
export interface ReadyChecks {
  open(check: ReadyCheck): Promise<void>;
  /** The player accepts; `now` past the deadline answers `late` (the check stays for `take`). */
  accept(checkId: string, userId: string, now: number): Promise<AcceptOutcome>;
  /** Takes the check (a decline, a departure, its expiry) with who had accepted; undefined when already decided. */
  take(checkId: string): Promise<{ check: ReadyCheck; accepted: string[] } | undefined>;
  /** The check the player is in, if any. */
  of(userId: string): Promise<string | undefined>;
  /** The checks whose deadline has passed. */
  expired(now: number): Promise<string[]>;
}

export class InMemoryReadyChecks implements ReadyChecks {
  private readonly checks = new Map<string, { check: ReadyCheck; accepted: Set<string> }>();
  private readonly byUser = new Map<string, string>();

  async open(check: ReadyCheck) {
    this.checks.set(check.id, { check, accepted: new Set() });
    for (const entry of check.entries) this.byUser.set(entry.userId, check.id);
  }

  async accept(checkId: string, userId: string, now: number): Promise<AcceptOutcome> {
    const held = this.checks.get(checkId);
    if (!held?.check.entries.some((entry) => entry.userId === userId)) return { status: 'gone' };
    if (now > held.check.deadline) return { status: 'late' };
    held.accepted.add(userId);
    if (held.accepted.size < 2) return { status: 'waiting' };
    this.forget(held.check);
    return { status: 'both', check: held.check };
  }

  async take(checkId: string) {
    const held = this.checks.get(checkId);
    if (!held) return undefined;
    this.forget(held.check);
    return { check: held.check, accepted: [...held.accepted] };
  }

  async of(userId: string) {
    return this.byUser.get(userId);
  }

  async expired(now: number) {
    return [...this.checks.values()].filter(({ check }) => now > check.deadline).map(({ check }) => check.id);
  }

  private forget(check: ReadyCheck) {
    this.checks.delete(check.id);
    for (const entry of check.entries)
      if (this.byUser.get(entry.userId) === check.id) this.byUser.delete(entry.userId);
  }
}
