/**
 * A seeded random source (mulberry32) as a pure step: the state is one 32-bit integer, so a
 * battle's randomness is part of its state and the same seed and inputs replay the same battle.
 */
export function nextRandom(state: number): [value: number, next: number] {
  const next = (state + 0x6d2b79f5) | 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return [((t ^ (t >>> 14)) >>> 0) / 4_294_967_296, next];
}

/** A mutable cursor over the pure source, for use inside one rule step on a copied state. */
export class Random {
  constructor(public state: number) {}

  /** A float in [0, 1). */
  next(): number {
    const [value, next] = nextRandom(this.state);
    this.state = next;
    return value;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with the given probability. */
  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(values: readonly T[]): T {
    const value = values[Math.floor(this.next() * values.length)];
    if (value === undefined) throw new Error('pick: no values to pick from');
    return value;
  }
}
