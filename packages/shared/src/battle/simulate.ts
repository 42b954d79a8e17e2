import { BATTLE_TIME_LIMIT_MS } from '../constants.ts';
import {
  type BattleState,
  createBattle,
  type EndReason,
  type FighterSetup,
  nextWakeAt,
  type Side,
  stepInPlace,
} from './battle-rules.ts';
import type { BotKind } from './bots.ts';
import { Random } from './prng.ts';
import { type BaseStats, effectiveStats, type ItemEffects } from './stats.ts';

/*
 * Seeded battles played through the Arena's own rules (`createBattle`, `stepInPlace`) by simulated
 * tappers, for the balance harness (`npm run balance`) and the tests of its targets (BAL6–BAL9).
 * Nothing here decides a real battle; it only plays the rules the server plays.
 */

/**
 * BAL8: the items of the "≤ 20,000 coins" set the Hard target is measured with (catalogue/items.json:
 * Ironhide Greataxe 12,000, Knight's Helm 2,500, Oak Buckler 3,000; 17,500 coins, +12 attack,
 * +11 defence). The harness and the test read their prices and effects from the catalogue.
 */
export const STARTER_KIT_ITEM_IDS = ['ironhide-greataxe', 'knights-helm', 'oak-buckler'] as const;
export const STARTER_KIT_MAX_COINS = 20_000;
/** The tap rates, hero levels and item sets the harness's table covers (BAL6). */
export const BALANCE_TAP_RATES = [4, 6, 8, 10] as const;
export const BALANCE_LEVELS = [1, 5, 10] as const;

/** A catalogue character as a battle would set it up: its effective stats at a level with items (F60). */
export function heroFighter(
  name: string,
  character: BaseStats,
  level: number,
  items: readonly ItemEffects[] = [],
): FighterSetup {
  return { name, level, ...effectiveStats(character, level, items) };
}

/** A simulated player: taps the live target about `tapsPerSecond` times a second, with a human's jitter. */
export interface Tapper {
  tapsPerSecond: number;
}

/** A human's reaction to a new target, and the spread of the gap between two taps (BAL6). */
const REACTION_MIN_MS = 180;
const REACTION_MAX_MS = 420;
/** Each gap between taps is the mean gap × a factor drawn from [1 − spread, 1 + spread]. */
const TAP_GAP_SPREAD = 0.35;
const START_AT = 1_000_000;

export interface SimulatedBattle {
  seed: number;
  player: FighterSetup;
  opponent: { kind: 'bot'; difficulty: BotKind } | { kind: 'player'; fighter: FighterSetup };
  /** The player's tap rate, and the opponent's in PvP. */
  tappers: [Tapper, Tapper?];
  timeLimitMs?: number;
}

export interface SimulatedResult {
  /** The winning side (0: the player), or null for a draw. */
  winner: Side | null;
  reason: EndReason;
  /** From FIGHT! to the end. */
  durationMs: number;
  hits: [number, number];
  superAttacks: [number, number];
  /** Health left as a share of the maximum, per side. */
  healthShare: [number, number];
}

/** One side's tapper: the time of its next tap, from its own seeded source. */
class TapClock {
  private readonly random: Random;
  private readonly gapMs: number;
  /** The target the tapper last reacted to, and when it may first be tapped. */
  private seenTargetId: number | null = null;
  private readyAt = 0;
  nextAt: number;

  constructor(seed: number, tapper: Tapper, startsAt: number) {
    this.random = new Random(seed);
    this.gapMs = 1_000 / tapper.tapsPerSecond;
    this.nextAt = startsAt;
  }

  private gap(): number {
    return this.gapMs * (1 - TAP_GAP_SPREAD + this.random.next() * 2 * TAP_GAP_SPREAD);
  }

  /**
   * At `this.nextAt`: the id of the target to tap, or null when there is none to tap yet (the
   * tapper then waits for the next target and reacts to it).
   */
  decide(state: BattleState, side: Side): number | null {
    const f = state.fighters[side];
    const at = this.nextAt;
    const target = f.target;
    if (!target) {
      // Nothing to tap: look again when the next target appears (or in one gap).
      this.nextAt = f.nextTargetAt !== null && f.nextTargetAt > at ? f.nextTargetAt : at + this.gap();
      return null;
    }
    if (target.id !== this.seenTargetId) {
      this.seenTargetId = target.id;
      this.readyAt = target.spawnedAt + this.random.int(REACTION_MIN_MS, REACTION_MAX_MS);
    }
    if (at < this.readyAt) {
      this.nextAt = this.readyAt;
      return null;
    }
    this.nextAt = at + this.gap();
    return target.id;
  }
}

/** Plays one seeded battle to its end with simulated tappers; the same arguments give the same result. */
export function simulateBattle(battle: SimulatedBattle): SimulatedResult {
  const { state } = createBattle({
    seed: battle.seed,
    createdAt: START_AT,
    fightStartsAt: START_AT,
    timeLimitMs: battle.timeLimitMs ?? BATTLE_TIME_LIMIT_MS,
    player: battle.player,
    opponent: battle.opponent,
  });
  const clocks: Array<TapClock | null> = [
    new TapClock(battle.seed ^ 0x5bd1e995, battle.tappers[0], START_AT),
    battle.opponent.kind === 'player' && battle.tappers[1]
      ? new TapClock(battle.seed ^ 0x27d4eb2d, battle.tappers[1], START_AT)
      : null,
  ];
  while (!state.outcome) {
    const wake = nextWakeAt(state) ?? Number.POSITIVE_INFINITY;
    let side: Side | null = null;
    let at = wake;
    for (const s of [0, 1] as const) {
      const clock = clocks[s];
      if (clock && clock.nextAt < at) {
        at = clock.nextAt;
        side = s;
      }
    }
    stepInPlace(state, { type: 'advance', at });
    const clock = side === null ? null : clocks[side];
    if (side === null || !clock || state.outcome) continue;
    const targetId = clock.decide(state, side);
    if (targetId !== null) stepInPlace(state, { type: 'tap', side, at, targetId });
  }
  const outcome = state.outcome;
  if (!outcome) throw new Error('simulateBattle: the battle did not end');
  const [a, b] = state.fighters;
  return {
    winner: outcome.winner,
    reason: outcome.reason,
    durationMs: outcome.at - START_AT,
    hits: [a.hits, b.hits],
    superAttacks: [a.superAttacks, b.superAttacks],
    healthShare: [a.health / a.maxHealth, b.health / b.maxHealth],
  };
}

export interface SimulatedSummary {
  battles: number;
  /** Side 0's wins, as a share of all battles (draws count as half a win). */
  winRate: number;
  /** Side 0's knockout wins within the given time, as a share of all battles. */
  knockoutRate: number;
  draws: number;
  medianDurationMs: number;
  /** Every battle's duration, in order. */
  durationsMs: number[];
}

function median(sorted: readonly number[]): number {
  if (sorted.length === 0) return 0;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Plays `battles` battles with seeds `firstSeed`, `firstSeed + 1`, … and sums them up. */
export function simulateMany(
  battle: Omit<SimulatedBattle, 'seed'>,
  battles: number,
  firstSeed: number,
  knockoutWithinMs = Number.POSITIVE_INFINITY,
): SimulatedSummary {
  let wins = 0;
  let draws = 0;
  let knockouts = 0;
  const durations: number[] = [];
  for (let i = 0; i < battles; i++) {
    const result = simulateBattle({ ...battle, seed: firstSeed + i });
    if (result.winner === 0) wins++;
    if (result.winner === null) draws++;
    if (result.winner === 0 && result.reason === 'knockout' && result.durationMs <= knockoutWithinMs)
      knockouts++;
    durations.push(result.durationMs);
  }
  durations.sort((x, y) => x - y);
  return {
    battles,
    winRate: battles === 0 ? 0 : (wins + draws / 2) / battles,
    knockoutRate: battles === 0 ? 0 : knockouts / battles,
    draws,
    medianDurationMs: median(durations),
    durationsMs: durations,
  };
}

/** A hero the harness plays: its name and catalogue stats. */
export interface CatalogueHero {
  name: string;
  stats: BaseStats;
}

/**
 * A cell of the harness's table (BAL6): `battles` bot battles at one difficulty, tap rate, level
 * and item set; battle i is fought by `heroes[i % heroes.length]` with seed `firstSeed + i`.
 * Knockouts are counted within `knockoutWithinMs`.
 */
export function botCell(cell: {
  heroes: readonly CatalogueHero[];
  difficulty: BotKind;
  tapsPerSecond: number;
  level: number;
  items: readonly ItemEffects[];
  battles: number;
  firstSeed: number;
  knockoutWithinMs?: number;
}): SimulatedSummary {
  const parts = cell.heroes.map((hero, h) => {
    const count =
      Math.floor(cell.battles / cell.heroes.length) + (h < cell.battles % cell.heroes.length ? 1 : 0);
    return simulateMany(
      {
        player: heroFighter(hero.name, hero.stats, cell.level, cell.items),
        opponent: { kind: 'bot', difficulty: cell.difficulty },
        tappers: [{ tapsPerSecond: cell.tapsPerSecond }],
      },
      count,
      cell.firstSeed + h * 100_003,
      cell.knockoutWithinMs,
    );
  });
  return combine(parts);
}

/**
 * Hero `a` against hero `b` at level 1 without items, both tapping `tapsPerSecond` (BAL9): half the
 * battles with `a` on side 0, half on side 1, so neither side's place in the rules counts. The win
 * rate is `a`'s.
 */
export function pairCell(
  a: CatalogueHero,
  b: CatalogueHero,
  tapsPerSecond: number,
  battles: number,
  firstSeed: number,
): SimulatedSummary {
  const half = Math.floor(battles / 2);
  const tappers: [Tapper, Tapper] = [{ tapsPerSecond }, { tapsPerSecond }];
  const first = simulateMany(
    {
      player: heroFighter(a.name, a.stats, 1),
      opponent: { kind: 'player', fighter: heroFighter(b.name, b.stats, 1) },
      tappers,
    },
    battles - half,
    firstSeed,
  );
  const second = simulateMany(
    {
      player: heroFighter(b.name, b.stats, 1),
      opponent: { kind: 'player', fighter: heroFighter(a.name, a.stats, 1) },
      tappers,
    },
    half,
    firstSeed + 500_009,
  );
  // In the second half `a` is side 1: its wins are side 0's losses.
  const mirrored: SimulatedSummary = {
    ...second,
    winRate: second.battles === 0 ? 0 : 1 - second.winRate,
    knockoutRate: 0,
  };
  return combine([first, mirrored]);
}

/** Sums summaries: rates weighted by their battles, the median over all the battles. */
function combine(parts: SimulatedSummary[]): SimulatedSummary {
  const battles = parts.reduce((sum, part) => sum + part.battles, 0);
  const weighted = (key: 'winRate' | 'knockoutRate') =>
    battles === 0 ? 0 : parts.reduce((sum, part) => sum + part[key] * part.battles, 0) / battles;
  const durations = parts.flatMap((part) => part.durationsMs).sort((x, y) => x - y);
  return {
    battles,
    winRate: weighted('winRate'),
    knockoutRate: weighted('knockoutRate'),
    draws: parts.reduce((sum, part) => sum + part.draws, 0),
    medianDurationMs: median(durations),
    durationsMs: durations,
  };
}
