import { MATCHMAKING_BASE_GAP, MATCHMAKING_GAP_PER_SECOND } from '@titans/shared/constants';

/** One player waiting for an opponent. */
export interface QueueEntry<T = unknown> {
  userId: string;
  /** How strong the player's fighter is (strengthOf), for pairing similar players first. */
  strength: number;
  joinedAt: number;
  /** What the battle needs once matched (the validated request, the fighter). */
  ticket: T;
  /** In a cluster: the process the player queued on, which takes their entry (D-CLUSTER-16). */
  node?: string;
  /** Queued again ahead of everyone: their opponent did not accept the ready check (F53). */
  front?: boolean;
}

/**
 * The matchmaking queue: in memory for one process, in Redis for a cluster (a sorted set by join
 * time and an atomic take of a pair: `cluster-arena-store.ts`, D-CLUSTER-15). Asynchronous so both
 * fit one interface; the in-memory one does its work before its first await.
 */
export interface MatchQueue<T = unknown> {
  /** Joins at the back, or at the front for an entry marked `front` (F53). */
  add(entry: QueueEntry<T>): Promise<void>;
  /** Leaves the queue at once; answers the entry, or undefined when the player was not queued. */
  remove(userId: string): Promise<QueueEntry<T> | undefined>;
  has(userId: string): Promise<boolean>;
  size(): Promise<number>;
  /** Players queued through this process (a draining process waits for them only). */
  queuedHere(): Promise<number>;
  /** Entries in join order, with their 1-based position. */
  entries(): Promise<Array<{ entry: QueueEntry<T>; position: number }>>;
  /** Removes and answers the pairs that may fight now: similar strength first, widening with waiting. */
  takePairs(now: number): Promise<Array<[QueueEntry<T>, QueueEntry<T>]>>;
}

/** The relative strength gap a player accepts after waiting: 10 % at once, +10 % per second (D-BATTLE-7). */
export function acceptedGap(entry: QueueEntry, now: number): number {
  return MATCHMAKING_BASE_GAP + (Math.max(0, now - entry.joinedAt) / 1000) * MATCHMAKING_GAP_PER_SECOND;
}

function gap(a: QueueEntry, b: QueueEntry): number {
  return Math.abs(a.strength - b.strength) / Math.max(1, a.strength, b.strength);
}

/**
 * The pairs that may fight now among `waiting` (in join order): the longest-waiting player picks
 * first, the closest strength among those either side accepts (D-BATTLE-7).
 */
export function pairUp<T>(waiting: ReadonlyArray<QueueEntry<T>>, now: number) {
  const pairs: Array<[QueueEntry<T>, QueueEntry<T>]> = [];
  const taken = new Set<string>();
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
  return pairs;
}

/** The queue of one process, in join order. */
export class InMemoryMatchQueue<T = unknown> implements MatchQueue<T> {
  private readonly queue = new Map<string, QueueEntry<T>>();

  async add(entry: QueueEntry<T>) {
    if (!entry.front) {
      this.queue.set(entry.userId, entry);
      return;
    }
    const rest = [...this.queue.values()].filter((other) => other.userId !== entry.userId);
    this.queue.clear();
    for (const queued of [entry, ...rest]) this.queue.set(queued.userId, queued);
  }

  async remove(userId: string) {
    const entry = this.queue.get(userId);
    this.queue.delete(userId);
    return entry;
  }

  async has(userId: string) {
    return this.queue.has(userId);
  }

  async size() {
    return this.queue.size;
  }

  async queuedHere() {
    return this.queue.size;
  }

  async entries() {
    return [...this.queue.values()].map((entry, index) => ({ entry, position: index + 1 }));
  }

  async takePairs(now: number) {
    const pairs = pairUp([...this.queue.values()], now);
    for (const [a, b] of pairs) {
      this.queue.delete(a.userId);
      this.queue.delete(b.userId);
    }
    return pairs;
  }
}

/**
 * Which players are busy in the Arena (queued, starting or fighting), across all their sockets:
 * a player is in at most one battle or queue. A claim is atomic (in memory before any await; in
 * Redis a SET NX), so two sockets of one player racing to enter cannot both succeed.
 */
export interface ArenaPresence {
  claim(userId: string, what: ArenaClaim): Promise<boolean>;
  set(userId: string, what: ArenaClaim): Promise<void>;
  get(userId: string): Promise<ArenaClaim | undefined>;
  release(userId: string, onlyIf?: ArenaClaim): Promise<void>;
}

/** A battle's claim names its host process in a cluster (D-CLUSTER-16). */
export type ArenaClaim =
  | { kind: 'entering' }
  | { kind: 'queue' }
  | { kind: 'battle'; battleId: string; host?: string };

/** Whether `current` is the claim `onlyIf` names (same kind; same battle for a battle). */
export function claimMatches(current: ArenaClaim, onlyIf: ArenaClaim): boolean {
  if (current.kind !== onlyIf.kind) return false;
  return !('battleId' in onlyIf && 'battleId' in current && current.battleId !== onlyIf.battleId);
}

export class InMemoryArenaPresence implements ArenaPresence {
  private readonly claims = new Map<string, ArenaClaim>();

  async claim(userId: string, what: ArenaClaim) {
    if (this.claims.has(userId)) return false;
    this.claims.set(userId, what);
    return true;
  }

  async set(userId: string, what: ArenaClaim) {
    this.claims.set(userId, what);
  }

  async get(userId: string) {
    return this.claims.get(userId);
  }

  async release(userId: string, onlyIf?: ArenaClaim) {
    const current = this.claims.get(userId);
    if (!current) return;
    if (onlyIf && !claimMatches(current, onlyIf)) return;
    this.claims.delete(userId);
  }
}
