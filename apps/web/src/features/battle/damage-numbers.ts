/*
 * Floating damage numbers that stay readable at 15 taps a second (decisions D-UI-12): hits of one
 * side that land close together share one number, the sum of their damage with the count of hits
 * ("-108" and "3 hits"), instead of a pile of overlapping "-36"s. Pure: time is an argument.
 */

/** A hit joins the side's latest number when it lands within this of that number's last hit. */
export const DAMAGE_MERGE_GAP_MS = 300;
/** A number takes hits for at most this long after its first, so a long burst still moves on. */
export const DAMAGE_MERGE_SPAN_MS = 500;
/** How long a number rises and fades. */
export const DAMAGE_NUMBER_MS = 1_200;
/** How far a number rises in its life, at one speed: numbers that start apart stay apart (W18). */
export const DAMAGE_RISE_PX = 96;
/** The room a number takes at its largest, "-1,080 12 hits" included (px). */
export const DAMAGE_NUMBER_BOX = { width: 150, height: 40 } as const;
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

/** A number in the arena: the centre of its top edge, in the arena's pixels. */
export interface PlacedNumber {
  x: number;
  top: number;
}

/**
 * Where a new number at (x, top) starts (W18): there, or just under every number on screen whose
 * box it would overlap (`others`: where they are now, as drawn). All numbers rise at the one speed,
 * so once apart they never meet.
 */
export function clearTop(x: number, top: number, others: readonly PlacedNumber[]): number {
  let start = top;
  for (let moved = true; moved; ) {
    moved = false;
    for (const other of others) {
      if (
        Math.abs(other.x - x) < DAMAGE_NUMBER_BOX.width &&
        Math.abs(other.top - start) < DAMAGE_NUMBER_BOX.height
      ) {
        start = other.top + DAMAGE_NUMBER_BOX.height;
        moved = true;
      }
    }
  }
  return start;
}
