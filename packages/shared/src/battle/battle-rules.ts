import {
  ARENA_HEIGHT,
  ARENA_WIDTH,
  CRITICAL_TARGET_CHANCE,
  CRITICAL_TARGET_VALUE,
  DANGER_TARGET_VALUE,
  EVENT_CHANCE,
  EVENT_DURATION_MAX_MS,
  EVENT_DURATION_MIN_MS,
  EVENT_FIRST_AFTER_MS,
  EVENT_INTERVAL_MAX_MS,
  EVENT_INTERVAL_MIN_MS,
  FRENZY_TARGET_VALUE,
  MAX_BATTLE_TAPS_PER_SECOND,
  POWER_UP_TARGET_CHANCE,
  POWER_UP_TARGET_VALUE,
  SMALL_TARGET_SIZE_MAX,
  SMALL_TARGET_SIZE_MIN,
  TARGET_LIFETIME_MS,
  TARGET_MIN_DISTANCE,
  TARGET_RESPAWN_MS,
  TARGET_SIZE_MAX,
  TARGET_SIZE_MIN,
} from '../constants.ts';
import { type BotDefinition, type BotKind, rollBot } from './bots.ts';
import { comboMultiplier, nextCombo } from './combo.ts';
import { baseDamage, superAttackChance, tapDamage, withSuperAttack } from './damage.ts';
import { Random } from './prng.ts';

/*
 * The Arena's rules as pure steps: (state, input) → { state, effects }. Time is always an
 * argument and randomness comes from the seeded source kept in the state, so the same seed and
 * the same inputs replay the same battle. The server's room is the only caller whose result counts.
 */

export const LIVE_EVENT_KINDS = ['frenzy', 'critical', 'powerUp', 'danger'] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];
export const TARGET_KINDS = ['normal', 'frenzy', 'critical', 'large', 'danger'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export interface Target {
  id: number;
  kind: TargetKind;
  /** Centre in the fixed arena space (ARENA_WIDTH × ARENA_HEIGHT). */
  x: number;
  y: number;
  size: number;
  value: number;
  spawnedAt: number;
  expiresAt: number;
}

export interface Fighter {
  name: string;
  level: number;
  isBot: boolean;
  maxHealth: number;
  health: number;
  attack: number;
  defense: number;
  speed: number;
  combo: number;
  maxCombo: number;
  lastTapAt: number | null;
  /** Times of the accepted taps of the last second (the 20 taps/s cap). */
  recentTaps: number[];
  hits: number;
  damage: number;
  superAttacks: number;
  /** This fighter's own target stream (players only; a bot attacks on its interval instead). */
  target: Target | null;
  nextTargetAt: number | null;
  attackIntervalMs: number | null;
  nextAttackAt: number | null;
}

export interface LiveEvent {
  kind: LiveEventKind;
  startedAt: number;
  endsAt: number;
}

export type EndReason = 'knockout' | 'time' | 'forfeit' | 'abandon';

export interface Outcome {
  /** The winning side, or null for a draw. */
  winner: 0 | 1 | null;
  reason: EndReason;
  at: number;
}

export interface BattleState {
  rng: number;
  nextTargetId: number;
  fightStartsAt: number;
  endsAt: number;
  /** The latest time the state was advanced to. */
  now: number;
  fighters: [Fighter, Fighter];
  event: LiveEvent | null;
  nextEventAt: number | null;
  outcome: Outcome | null;
}

export type Side = 0 | 1;

export type BattleInput =
  | { type: 'tap'; side: Side; at: number; targetId?: number }
  | { type: 'forfeit'; side: Side; at: number }
  | { type: 'abandon'; side: Side; at: number }
  | { type: 'advance'; at: number }
  /** F62, F63: FIGHT! moves to `at` (the intro was skipped); nothing if the fight already began. */
  | { type: 'startNow'; at: number };

export type IgnoredReason = 'ended' | 'not-started' | 'rate' | 'no-target' | 'bot';

export type BattleEffect =
  | { type: 'targetSpawned'; side: Side; target: Target }
  | { type: 'targetExpired'; side: Side; targetId: number; at: number }
  | { type: 'eventStarted'; event: LiveEvent }
  | { type: 'eventEnded'; kind: LiveEventKind; at: number }
  | {
      type: 'hit';
      /** The side that dealt the damage. */
      side: Side;
      by: 'tap' | 'bot';
      damage: number;
      combo: number;
      multiplier: number;
      value: number;
      targetId: number | null;
      superAttack: boolean;
      at: number;
      /** When the hit was due (bot attacks); equal to `at` for taps. */
      dueAt: number;
    }
  | { type: 'tapIgnored'; side: Side; reason: IgnoredReason; targetId: number | null; at: number }
  | { type: 'ended'; outcome: Outcome };

export interface StepResult {
  state: BattleState;
  effects: BattleEffect[];
}

export interface FighterSetup {
  name: string;
  level: number;
  health: number;
  attack: number;
  defense: number;
  speed: number;
}

export interface BattleSetup {
  seed: number;
  /** When the battle was created (before the intro); taps before FIGHT! are ignored. */
  createdAt: number;
  /** When FIGHT! ends and the live battle begins (after the intro). */
  fightStartsAt: number;
  timeLimitMs: number;
  player: FighterSetup;
  /** A second player (PvP) or a bot difficulty (PvE). */
  opponent: { kind: 'player'; fighter: FighterSetup } | { kind: 'bot'; difficulty: BotKind };
}

function fighter(
  setup: FighterSetup,
  isBot: boolean,
  attackIntervalMs: number | null,
  startsAt: number,
): Fighter {
  return {
    name: setup.name,
    level: setup.level,
    isBot,
    maxHealth: setup.health,
    health: setup.health,
    attack: setup.attack,
    defense: setup.defense,
    speed: setup.speed,
    combo: 0,
    maxCombo: 0,
    lastTapAt: null,
    recentTaps: [],
    hits: 0,
    damage: 0,
    superAttacks: 0,
    target: null,
    nextTargetAt: isBot ? null : startsAt,
    attackIntervalMs,
    nextAttackAt: attackIntervalMs === null ? null : startsAt + attackIntervalMs,
  };
}

/** A new battle; for a bot battle also the bot's rolled stats (health ± 10, others ± 2). */
export function createBattle(setup: BattleSetup): { state: BattleState; bot: BotDefinition | null } {
  const random = new Random(setup.seed | 0);
  const startsAt = setup.fightStartsAt;
  let bot: BotDefinition | null = null;
  let second: Fighter;
  if (setup.opponent.kind === 'bot') {
    bot = rollBot(setup.opponent.difficulty, random);
    second = fighter(bot, true, bot.attackIntervalMs, startsAt);
  } else {
    second = fighter(setup.opponent.fighter, false, null, startsAt);
  }
  return {
    bot,
    state: {
      rng: random.state,
      nextTargetId: 1,
      fightStartsAt: startsAt,
      endsAt: startsAt + setup.timeLimitMs,
      now: Math.min(setup.createdAt, startsAt),
      fighters: [fighter(setup.player, false, null, startsAt), second],
      event: null,
      nextEventAt: startsAt + EVENT_FIRST_AFTER_MS,
      outcome: null,
    },
  };
}

function copyFighter(f: Fighter): Fighter {
  return { ...f, recentTaps: [...f.recentTaps], target: f.target && { ...f.target } };
}

function copy(state: BattleState): BattleState {
  return {
    ...state,
    fighters: [copyFighter(state.fighters[0]), copyFighter(state.fighters[1])],
    event: state.event && { ...state.event },
    outcome: state.outcome && { ...state.outcome },
  };
}

type Due =
  | { at: number; kind: 'limit' }
  | { at: number; kind: 'eventEnd' }
  | { at: number; kind: 'eventAttempt' }
  | { at: number; kind: 'expire'; side: Side }
  | { at: number; kind: 'spawn'; side: Side }
  | { at: number; kind: 'botAttack'; side: Side };

/**
 * The earliest scheduled occurrence; ties resolve in a fixed order so replays agree. Called on
 * every input: it compares in place and builds only the answer.
 */
function nextDue(state: BattleState): Due | null {
  if (state.outcome) return null;
  let at = Number.POSITIVE_INFINITY;
  let kind: Due['kind'] = 'limit';
  let side: Side = 0;
  for (const s of [0, 1] as const) {
    const f = state.fighters[s];
    if (f.nextAttackAt !== null && f.nextAttackAt < at) {
      at = f.nextAttackAt;
      kind = 'botAttack';
      side = s;
    }
    const targetAt = f.target ? f.target.expiresAt : f.nextTargetAt;
    if (targetAt !== null && targetAt < at) {
      at = targetAt;
      kind = f.target ? 'expire' : 'spawn';
      side = s;
    }
  }
  const eventAt = state.event ? state.event.endsAt : state.nextEventAt;
  if (eventAt !== null && eventAt < at) {
    at = eventAt;
    kind = state.event ? 'eventEnd' : 'eventAttempt';
  }
  if (state.endsAt < at) {
    at = state.endsAt;
    kind = 'limit';
  }
  switch (kind) {
    case 'botAttack':
    case 'expire':
    case 'spawn':
      return { at, kind, side };
    default:
      return { at, kind };
  }
}

/** When the battle next needs to be advanced (a spawn, an expiry, a bot attack, an event, the limit); null once over. */
export function nextWakeAt(state: BattleState): number | null {
  // nextDue's time without building its answer: the room asks after every input.
  if (state.outcome) return null;
  let at = state.endsAt;
  for (const f of state.fighters) {
    if (f.nextAttackAt !== null && f.nextAttackAt < at) at = f.nextAttackAt;
    const targetAt = f.target ? f.target.expiresAt : f.nextTargetAt;
    if (targetAt !== null && targetAt < at) at = targetAt;
  }
  const eventAt = state.event ? state.event.endsAt : state.nextEventAt;
  return eventAt !== null && eventAt < at ? eventAt : at;
}

function finish(state: BattleState, effects: BattleEffect[], outcome: Outcome) {
  // The end is guarded so it happens once.
  if (state.outcome) return;
  state.outcome = outcome;
  for (const f of state.fighters) {
    f.target = null;
    f.nextTargetAt = null;
    f.nextAttackAt = null;
  }
  state.nextEventAt = null;
  effects.push({ type: 'ended', outcome });
}

/** Draws a target position at least 140 px from the arena's centre, inside the arena. */
function placeTarget(random: Random, size: number): { x: number; y: number } {
  const cx = ARENA_WIDTH / 2;
  const cy = ARENA_HEIGHT / 2;
  const margin = size / 2;
  for (let attempt = 0; attempt < 16; attempt++) {
    const x = margin + random.next() * (ARENA_WIDTH - 2 * margin);
    const y = margin + random.next() * (ARENA_HEIGHT - 2 * margin);
    if (Math.hypot(x - cx, y - cy) >= TARGET_MIN_DISTANCE) return { x: Math.round(x), y: Math.round(y) };
  }
  // A point on a ring just outside the minimum distance always fits inside the arena.
  const angle = random.next() * Math.PI * 2;
  const distance = TARGET_MIN_DISTANCE + 10;
  return { x: Math.round(cx + Math.cos(angle) * distance), y: Math.round(cy + Math.sin(angle) * distance) };
}

/** The kind and value of a new target depend on the live event running when it spawns. */
function rollTarget(
  random: Random,
  event: LiveEventKind | null,
): { kind: TargetKind; value: number; size: number } {
  const normalSize = () => random.int(TARGET_SIZE_MIN, TARGET_SIZE_MAX);
  const smallSize = () => random.int(SMALL_TARGET_SIZE_MIN, SMALL_TARGET_SIZE_MAX);
  switch (event) {
    case 'frenzy':
      return { kind: 'frenzy', value: FRENZY_TARGET_VALUE, size: smallSize() };
    case 'critical':
      return random.chance(CRITICAL_TARGET_CHANCE)
        ? { kind: 'critical', value: CRITICAL_TARGET_VALUE, size: smallSize() }
        : { kind: 'normal', value: 1, size: normalSize() };
    case 'powerUp':
      return random.chance(POWER_UP_TARGET_CHANCE)
        ? { kind: 'large', value: POWER_UP_TARGET_VALUE, size: TARGET_SIZE_MAX }
        : { kind: 'normal', value: 1, size: normalSize() };
    case 'danger':
      return { kind: 'danger', value: DANGER_TARGET_VALUE, size: normalSize() };
    default:
      return { kind: 'normal', value: 1, size: normalSize() };
  }
}

function healthRatioWinner(state: BattleState): Side | null {
  const [a, b] = state.fighters;
  // Compare health fractions exactly: a.health / a.max vs b.health / b.max.
  const left = a.health * b.maxHealth;
  const right = b.health * a.maxHealth;
  if (left === right) return null;
  return left > right ? 0 : 1;
}

function runDue(state: BattleState, due: Due, random: Random, effects: BattleEffect[]) {
  state.now = Math.max(state.now, due.at);
  switch (due.kind) {
    case 'limit':
      finish(state, effects, { winner: healthRatioWinner(state), reason: 'time', at: due.at });
      return;
    case 'eventEnd':
      return endEvent(state, due.at, random, effects);
    case 'eventAttempt':
      return attemptEvent(state, due.at, random, effects);
    case 'expire':
      return expireTarget(state, due.side, due.at, effects);
    case 'spawn':
      return spawnTarget(state, due.side, due.at, random, effects);
    case 'botAttack':
      return botAttack(state, due.side, due.at, random, effects);
  }
}

function endEvent(state: BattleState, at: number, random: Random, effects: BattleEffect[]) {
  // Due only while an event runs (nextDue); nothing to end otherwise.
  const ended = state.event;
  if (!ended) return;
  state.event = null;
  // The next attempt is measured from the end, so two events never overlap.
  state.nextEventAt = at + random.int(EVENT_INTERVAL_MIN_MS, EVENT_INTERVAL_MAX_MS);
  effects.push({ type: 'eventEnded', kind: ended.kind, at });
}

function attemptEvent(state: BattleState, at: number, random: Random, effects: BattleEffect[]) {
  if (!random.chance(EVENT_CHANCE)) {
    state.nextEventAt = at + random.int(EVENT_INTERVAL_MIN_MS, EVENT_INTERVAL_MAX_MS);
    return;
  }
  const event: LiveEvent = {
    kind: random.pick(LIVE_EVENT_KINDS),
    startedAt: at,
    endsAt: at + random.int(EVENT_DURATION_MIN_MS, EVENT_DURATION_MAX_MS),
  };
  state.event = event;
  state.nextEventAt = null;
  effects.push({ type: 'eventStarted', event: { ...event } });
}

function expireTarget(state: BattleState, side: Side, at: number, effects: BattleEffect[]) {
  const f = state.fighters[side];
  const target = f.target;
  if (!target) return;
  f.target = null;
  f.nextTargetAt = at + TARGET_RESPAWN_MS;
  effects.push({ type: 'targetExpired', side, targetId: target.id, at });
}

function spawnTarget(state: BattleState, side: Side, at: number, random: Random, effects: BattleEffect[]) {
  const f = state.fighters[side];
  const rolled = rollTarget(random, state.event?.kind ?? null);
  const position = placeTarget(random, rolled.size);
  const target: Target = {
    id: state.nextTargetId++,
    ...rolled,
    ...position,
    spawnedAt: at,
    expiresAt: at + TARGET_LIFETIME_MS,
  };
  f.target = target;
  f.nextTargetAt = null;
  effects.push({ type: 'targetSpawned', side, target: { ...target } });
}

function botAttack(state: BattleState, side: Side, at: number, random: Random, effects: BattleEffect[]) {
  const attacker = state.fighters[side];
  const defenderSide: Side = side === 0 ? 1 : 0;
  const defender = state.fighters[defenderSide];
  // BAL3: a bot's attack is a super attack by its speed, like a player's tap.
  const superAttack = random.chance(superAttackChance(attacker.speed));
  const damage = Math.min(
    defender.health,
    withSuperAttack(baseDamage(attacker.attack, defender.defense), superAttack),
  );
  defender.health -= damage;
  attacker.hits++;
  attacker.damage += damage;
  if (superAttack) attacker.superAttacks++;
  // Only a bot attacks on its own (nextDue), and a bot has an interval.
  attacker.nextAttackAt = at + (attacker.attackIntervalMs ?? Number.POSITIVE_INFINITY);
  effects.push({
    type: 'hit',
    side,
    by: 'bot',
    damage,
    combo: 0,
    multiplier: 1,
    value: 1,
    targetId: null,
    superAttack,
    at,
    dueAt: at,
  });
  if (defender.health === 0) finish(state, effects, { winner: side, reason: 'knockout', at });
}

/** Runs everything scheduled up to `now`, in time order (spawns, expiries, events, bot attacks, the limit). */
function advanceInPlace(state: BattleState, now: number, random: Random, effects: BattleEffect[]) {
  // Most inputs (taps) find nothing due: asked by time first, without building a Due.
  for (let at = nextWakeAt(state); at !== null && at <= now; at = nextWakeAt(state)) {
    const due = nextDue(state);
    if (!due) break;
    runDue(state, due, random, effects);
  }
  if (!state.outcome) state.now = Math.max(state.now, now);
}

/** The live target a tap at `at` lands on, or why it does nothing. */
function tappedTarget(
  state: BattleState,
  f: Fighter,
  targetId: number | undefined,
  at: number,
): Target | IgnoredReason {
  if (state.outcome) return 'ended';
  if (f.isBot) return 'bot';
  if (at < state.fightStartsAt) return 'not-started';
  const target = f.target;
  // A tap hits only the live target (an expired or unknown target id does nothing).
  if (!target || (targetId !== undefined && targetId !== target.id)) return 'no-target';
  // Tap times are in order: the ones older than a second leave from the front, in place.
  while (f.recentTaps.length > 0 && (f.recentTaps[0] ?? at) <= at - 1_000) f.recentTaps.shift();
  if (f.recentTaps.length >= MAX_BATTLE_TAPS_PER_SECOND) return 'rate';
  return target;
}

function tapInPlace(
  state: BattleState,
  input: Extract<BattleInput, { type: 'tap' }>,
  at: number,
  random: Random,
  effects: BattleEffect[],
) {
  const { side } = input;
  const f = state.fighters[side];
  const target = tappedTarget(state, f, input.targetId, at);
  if (typeof target === 'string') {
    effects.push({ type: 'tapIgnored', side, reason: target, targetId: input.targetId ?? null, at });
    return;
  }
  f.recentTaps.push(at);

  const defenderSide: Side = side === 0 ? 1 : 0;
  const defender = state.fighters[defenderSide];
  f.combo = nextCombo(f.combo, f.lastTapAt, at);
  f.maxCombo = Math.max(f.maxCombo, f.combo);
  f.lastTapAt = at;
  const multiplier = comboMultiplier(f.combo);
  // BAL3: the tapper's speed is the chance that this hit is a super attack (double damage).
  const superAttack = random.chance(superAttackChance(f.speed));
  const dealt = Math.min(
    defender.health,
    withSuperAttack(tapDamage(f.attack, defender.defense, multiplier, target.value), superAttack),
  );
  defender.health -= dealt;
  f.hits++;
  f.damage += dealt;
  if (superAttack) f.superAttacks++;
  effects.push({
    type: 'hit',
    side,
    by: 'tap',
    damage: dealt,
    combo: f.combo,
    multiplier,
    value: target.value,
    targetId: target.id,
    superAttack,
    at,
    dueAt: at,
  });
  if (defender.health === 0) finish(state, effects, { winner: side, reason: 'knockout', at });
}

/**
 * F62: FIGHT! moves earlier to `at`. Before FIGHT! nothing is scheduled but the first spawns, bot
 * attacks, event attempt and the limit, all measured from FIGHT!, so each moves by the same amount:
 * the battle is the one it would have been, started sooner. Taps before `at` stay ignored.
 */
function startNowInPlace(state: BattleState, at: number) {
  if (state.outcome || at >= state.fightStartsAt) return;
  const shift = state.fightStartsAt - at;
  const earlier = (time: number | null) => (time === null ? null : time - shift);
  state.fightStartsAt = at;
  state.endsAt -= shift;
  state.nextEventAt = earlier(state.nextEventAt);
  for (const f of state.fighters) {
    f.nextTargetAt = earlier(f.nextTargetAt);
    f.nextAttackAt = earlier(f.nextAttackAt);
  }
}

/**
 * One step of the battle: first everything scheduled up to the input's time happens, then the
 * input. Inputs in the past are applied at the state's time (a step never moves time backwards).
 */
export function step(previous: BattleState, input: BattleInput): StepResult {
  const state = copy(previous);
  return { state, effects: stepInPlace(state, input) };
}

/**
 * `step` on a state its owner holds alone (a BattleRoom): the same rule, applied to `state` itself
 * instead of a copy, so a tap allocates only its effects. Answers the effects.
 */
export function stepInPlace(state: BattleState, input: BattleInput): BattleEffect[] {
  const random = new Random(state.rng);
  const effects: BattleEffect[] = [];
  const at = Math.max(input.at, state.outcome ? input.at : state.now);
  advanceInPlace(state, at, random, effects);
  switch (input.type) {
    case 'advance':
      break;
    case 'startNow':
      startNowInPlace(state, at);
      // What the new FIGHT! schedules at once (the first targets) happens in this same step.
      advanceInPlace(state, at, random, effects);
      break;
    case 'tap':
      tapInPlace(state, input, at, random, effects);
      break;
    case 'forfeit':
    case 'abandon':
      finish(state, effects, {
        winner: input.side === 0 ? 1 : 0,
        reason: input.type === 'forfeit' ? 'forfeit' : 'abandon',
        at,
      });
      break;
  }
  state.rng = random.state;
  return effects;
}
