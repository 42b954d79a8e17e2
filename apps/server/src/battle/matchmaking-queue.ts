import { MATCHMAKING_BASE_GAP, MATCHMAKING_GAP_PER_SECOND } from '@titans/shared/constants';

/** One player waiting for an opponent. */
export interface QueueEntry<T = unknown> {
  userId: string;
  /** How strong the player's fighter is (strengthOf), for pairing similar players first. */
  strength: number;
  joinedAt: number;
  /** What the battle needs once matched (the validated request, the fighter). */
  ticket: T;
}

/**
 * The matchmaking queue (issue 11: behind an interface a multi-process Redis version can
 * implement: a sorted set by join time and an atomic pop of a pair).
 */
export interface MatchQueue<T = unknown> {
  add(entry: QueueEntry<T>): void;
  /** Leaves the queue at once; answers the entry, or undefined when the player was not queued. */
  remove(userId: string): QueueEntry<T> | undefined;
  has(userId: string): boolean;
  size(): number;
  /** Entries in join order, with their 1-based position. */
  entries(): Array<{ entry: QueueEntry<T>; position: number }>;
  /** Removes and answers the pairs that may fight now: similar strength first, widening with waiting. */
  takePairs(now: number): Array<[QueueEntry<T>, QueueEntry<T>]>;
  /** Removes and answers entries that waited at least `waitedMs`. */
  takeExpired(now: number, waitedMs: number): Array<QueueEntry<T>>;
}

/** The relative strength gap a player accepts after waiting: 10 % at once, +10 % per second (D-BATTLE-7). */
export function acceptedGap(entry: QueueEntry, now: number): number {
  return MATCHMAKING_BASE_GAP + (Math.max(0, now - entry.joinedAt) / 1000) * MATCHMAKING_GAP_PER_SECOND;
}

function gap(a: QueueEntry, b: QueueEntry): number {
  return Math.abs(a.strength - b.strength) / Math.max(1, a.strength, b.strength);
}

/** The queue of one process, in join order. */
export class InMemoryMatchQueue<T = unknown> implements MatchQueue<T> {
  private readonly queue = new Map<string, QueueEntry<T>>();

  add(entry: QueueEntry<T>) {
    this.queue.set(entry.userId, entry);
  }

  remove(userId: string) {
    const entry = this.queue.get(userId);
    this.queue.delete(userId);
    return entry;
  }

  has(userId: string) {
    return this.queue.has(userId);
  }

  size() {
    return this.queue.size;
  }

  entries() {
    return [...this.queue.values()].map((entry, index) => ({ entry, position: index + 1 }));
  }

  takePairs(now: number) {
    const pairs: Array<[QueueEntry<T>, QueueEntry<T>]> = [];
    const waiting = [...this.queue.values()];
    const taken = new Set<string>();
    // The longest-waiting player picks first: the closest strength among those either side accepts.
    for (const entry of waiting) {
      if (taken.has(entry.userId)) continue;
      let best: QueueEntry<T> | null = null;
      for (const other of waiting) {
        if (other === entry || taken.has(other.userId)) continue;
        const distance = gap(entry, other);
        if (distance > Math.max(acceptedGap(entry, now), acceptedGap(other, now))) continue;
        if (!best || distance < gap(entry, best)) best = other;
      }
      if (best) {
        taken.add(entry.userId);
        taken.add(best.userId);
        pairs.push([entry, best]);
      }
    }
    for (const id of taken) this.queue.delete(id);
    return pairs;
  }

  takeExpired(now: number, waitedMs: number) {
    const expired = [...this.queue.values()].filter((entry) => now - entry.joinedAt >= waitedMs);
    for (const entry of expired) this.queue.delete(entry.userId);
    return expired;
  }
}

/**
 * Which players are busy in the Arena (queued, starting or fighting), across all their sockets:
 * a player is in at most one battle or queue. Claims are synchronous, so two sockets of one
 * player racing to enter cannot both succeed. A Redis version uses SET NX with the battle id.
 */
export interface ArenaPresence {
  claim(userId: string, what: ArenaClaim): boolean;
  set(userId: string, what: ArenaClaim): void;
  get(userId: string): ArenaClaim | undefined;
  release(userId: string, onlyIf?: ArenaClaim): void;
  size(): number;
}

export type ArenaClaim = { kind: 'entering' } | { kind: 'queue' } | { kind: 'battle'; battleId: string };

export class InMemoryArenaPresence implements ArenaPresence {
  private readonly claims = new Map<string, ArenaClaim>();

  claim(userId: string, what: ArenaClaim) {
    if (this.claims.has(userId)) return false;
    this.claims.set(userId, what);
    return true;
  }

  set(userId: string, what: ArenaClaim) {
    this.claims.set(userId, what);
  }

  get(userId: string) {
    return this.claims.get(userId);
  }

  release(userId: string, onlyIf?: ArenaClaim) {
    const current = this.claims.get(userId);
    if (!current) return;
    if (
      onlyIf &&
      (current.kind !== onlyIf.kind ||
        ('battleId' in onlyIf && 'battleId' in current && current.battleId !== onlyIf.battleId))
    )
      return;
    this.claims.delete(userId);
  }

  size() {
    return this.claims.size;
  }
}
