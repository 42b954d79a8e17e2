/*
 * Floating damage numbers that stay readable at 15 taps a second (decisions D-UI-12): hits of one
 * side that land close together share one number, the sum of their damage with the count of hits
 * ("-108" and "3 hits"), instead of a pile of overlapping "-36"s. Pure: time is an argument.
 */

/** A hit joins the side's latest number when it lands within this of that number's last hit. */
export const DAMAGE_MERGE_GAP_MS = 300;
/** A number takes hits for at most this long after its first, so a long burst still moves on. */
export const DAMAGE_MERGE_SPAN_MS = 500;
/** How long a number rises and fades (the `damage-rise` animation's duration in the arena). */
export const DAMAGE_NUMBER_MS = 1_200;
/** Numbers kept at most (older ones have faded by then at any tap rate the server accepts). */
const MAX_NUMBERS = 8;

export interface DamageNumber {
  id: number;
  by: 'you' | 'opponent';
  /** The summed damage of its hits. */
  damage: number;
  hits: number;
  /** Where it rises from, in the arena's space. */
  x: number;
  y: number;
  /** Any of its hits was a super attack (drawn larger, in gold). */
  superAttack: boolean;
  /** The target your hits landed on (a new target starts a new number); null for the opponent's. */
  targetId: number | null;
  startedAt: number;
  lastAt: number;
  /** Successive numbers of a side alternate left and right of the point, so two never overlap. */
  lane: 0 | 1;
}

export interface LandedHit {
  by: 'you' | 'opponent';
  damage: number;
  superAttack: boolean;
  targetId: number | null;
  x: number;
  y: number;
}

/** Whether `hit` at `now` joins `number` instead of starting its own. */
export function joins(number: DamageNumber, hit: LandedHit, now: number): boolean {
  return (
    number.by === hit.by &&
    number.targetId === hit.targetId &&
    now - number.lastAt <= DAMAGE_MERGE_GAP_MS &&
    now - number.startedAt <= DAMAGE_MERGE_SPAN_MS
  );
}

/**
 * The numbers after one more hit: added into the side's latest number when it `joins` it, else a
 * new number with id `nextId`. Numbers whose life is over are dropped.
 */
export function addDamage(
  numbers: readonly DamageNumber[],
  hit: LandedHit,
  now: number,
  nextId: number,
): DamageNumber[] {
  const alive = numbers.filter((n) => now - n.startedAt < DAMAGE_NUMBER_MS);
  const latest = alive.findLast((n) => n.by === hit.by);
  if (latest && joins(latest, hit, now)) {
    const merged: DamageNumber = {
      ...latest,
      damage: latest.damage + hit.damage,
      hits: latest.hits + 1,
      superAttack: latest.superAttack || hit.superAttack,
      lastAt: now,
    };
    return alive.map((n) => (n === latest ? merged : n));
  }
  const fresh: DamageNumber = {
    id: nextId,
    by: hit.by,
    damage: hit.damage,
    hits: 1,
    x: hit.x,
    y: hit.y,
    superAttack: hit.superAttack,
    targetId: hit.targetId,
    startedAt: now,
    lastAt: now,
    lane: latest && latest.lane === 0 ? 1 : 0,
  };
  return [...alive.slice(-(MAX_NUMBERS - 1)), fresh];
}

/** The words of a number: "-108" and, for more than one hit, "3 hits". */
export function damageLabel(number: Pick<DamageNumber, 'damage' | 'hits'>): {
  value: string;
  hits: string | null;
} {
  return { value: `-${number.damage}`, hits: number.hits > 1 ? `${number.hits} hits` : null };
}
