import type { BattleEffect, Fighter, Outcome, Side, Target } from '@titans/shared/battle/battle-rules';
import { comboAt } from '@titans/shared/battle/combo';
import type {
  BattleAutoResolvePayload,
  BattleCompletedPayload,
  BattleHit,
  BattleSideStats,
  BattleStartedPayload,
  BattleTarget,
  BattleTurnProcessedPayload,
  PvpBattleResultPayload,
  PvpHealthUpdatePayload,
} from '@titans/shared/battle/schemas';
import { ARENA_HEIGHT, ARENA_WIDTH } from '@titans/shared/constants';
import type { BattleRoom } from './battle-room.ts';
import { type Settled, sideSummary } from './battle-settlement.ts';

export type HitEffect = Extract<BattleEffect, { type: 'hit' }>;

/** The battle start message for one player: the spec's fields plus the live state (also on rejoin). */
export function startedPayload(
  room: BattleRoom,
  userId: string,
  rejoined: boolean,
  now: number,
): BattleStartedPayload {
  const side = room.sideOf(userId) ?? 0;
  const other: Side = side === 0 ? 1 : 0;
  const me = room.contenders[side];
  const them = room.contenders[other];
  const { state } = room;
  const mine = state.fighters[side];
  return {
    battle_id: room.id,
    user_stats: sideStats(mine),
    opponent_stats: sideStats(state.fighters[other]),
    opponent_info: {
      name: them.name,
      level: them.level,
      character: { name: them.character.name, image: them.character.image },
      equipped_items: them.equippedItems,
    },
    is_pvp: room.isPvp,
    difficulty: room.difficulty,
    selected_character: me.character,
    energy: me.energy,
    max_energy: me.maxEnergy,
    equipped_items: me.equippedItems,
    boosters: me.boosters,
    energy_health: me.energyHealth ?? 0,
    rejoined,
    arena: { width: ARENA_WIDTH, height: ARENA_HEIGHT },
    live: {
      server_now: now,
      fight_starts_at: state.fightStartsAt,
      ends_at: state.endsAt,
      target: mine.target ? targetPayload(mine.target) : null,
      event: state.event
        ? { kind: state.event.kind, started_at: state.event.startedAt, ends_at: state.event.endsAt }
        : null,
      combo: comboAt(mine.combo, mine.lastTapAt, now),
      your_taps: mine.hits,
      opponent_taps: state.fighters[other].hits,
      opponent_waiting: room.isAbsent(other),
    },
  };
}

/** A hit as one side sees it: theirs (`you`) or the opponent's (D-BATTLE-9). */
export function hitFor(effect: HitEffect, side: Side): BattleHit {
  return {
    by: effect.side === side ? 'you' : 'opponent',
    kind: effect.by,
    damage: effect.damage,
    combo: effect.combo,
    multiplier: effect.multiplier,
    value: effect.value,
    target_id: effect.targetId,
    super_attack: effect.superAttack,
  };
}

/** A PvP side's health update after a hit: both sides' health and hits, from that side's view. */
export function pvpHealthUpdate(
  room: BattleRoom,
  side: Side,
  hit: BattleHit,
  earlier?: BattleHit[],
): PvpHealthUpdatePayload {
  const me = room.state.fighters[side];
  const them = room.state.fighters[side === 0 ? 1 : 0];
  const update: PvpHealthUpdatePayload = {
    battle_id: room.id,
    your_health: me.health,
    opponent_health: them.health,
    your_taps: me.hits,
    opponent_taps: them.hits,
    your_max_health: me.maxHealth,
    opponent_max_health: them.maxHealth,
    hit,
  };
  // Only when hits were held (F39): a plain update carries no empty list.
  if (earlier && earlier.length > 0) update.earlier_hits = earlier;
  return update;
}

/** A bot battle's turn message after a hit: every hit is a round (D-BATTLE-9). */
export function turnProcessed(
  room: BattleRoom,
  side: Side,
  effect: HitEffect,
  hit: BattleHit,
  round: number,
  earlier?: BattleHit[],
): BattleTurnProcessedPayload {
  const me = room.state.fighters[side];
  const them = room.state.fighters[side === 0 ? 1 : 0];
  const mine = effect.side === side;
  const knockout = room.state.fighters[effect.side === 0 ? 1 : 0].health === 0;
  const turn: BattleTurnProcessedPayload = {
    battle_id: room.id,
    user_stats: sideStats(me),
    opponent_stats: sideStats(them),
    round_number: round,
    current_round: {
      result: knockout ? 'knockout' : 'hit',
      user_action: mine ? 'attack' : 'none',
      opponent_action: mine ? 'none' : 'attack',
      user_damage_dealt: mine ? effect.damage : 0,
      opponent_damage_dealt: mine ? 0 : effect.damage,
    },
    hit,
  };
  if (earlier && earlier.length > 0) turn.earlier_hits = earlier;
  return turn;
}

export function sideStats(f: Fighter): BattleSideStats {
  return {
    name: f.name,
    level: f.level,
    current_health: f.health,
    initial_health: f.maxHealth,
    power: f.attack,
    defense: f.defense,
    speed: f.speed,
  };
}

export function targetPayload(target: Target): BattleTarget {
  return {
    id: target.id,
    kind: target.kind,
    x: target.x,
    y: target.y,
    size: target.size,
    value: target.value,
    spawned_at: target.spawnedAt,
    expires_at: target.expiresAt,
  };
}

/** What a settled player is told: the auto-resolve notice, the result, and PvP's own result. */
export interface ResultMessages {
  autoResolve: BattleAutoResolvePayload | null;
  completed: BattleCompletedPayload;
  pvp: PvpBattleResultPayload | null;
}

/** D-BATTLE-9, D-BATTLE-13: the result payloads of one settled player. */
export function resultMessages(room: BattleRoom, outcome: Outcome, player: Settled): ResultMessages {
  const side = room.sideOf(player.userId) ?? 0;
  const mine = sideSummary(room, side);
  const theirs = sideSummary(room, side === 0 ? 1 : 0);
  let autoResolve: BattleAutoResolvePayload | null = null;
  if (outcome.reason === 'abandon') {
    const leaver = room.contenders[outcome.winner === 0 ? 1 : 0].userId;
    autoResolve = {
      battle_id: room.id,
      message:
        leaver === player.userId
          ? 'You were away too long: the battle was decided'
          : 'Your opponent left the battle',
    };
  }
  const completed: BattleCompletedPayload = {
    battle_id: room.id,
    result: player.result,
    coins_earned: player.net,
    experience_earned: player.experience,
    reason: outcome.reason,
    is_pvp: room.isPvp,
    level: player.level,
    level_up: player.levelUp,
    coins: player.coins,
    stake: player.stake,
    payout: player.credit,
    your_stats: { ...statsOf(mine), coins: player.net },
    opponent_stats: { ...statsOf(theirs), coins: 0 },
    final_health: finalHealth(room, side),
    // PF4: a practice fight credits only its first-win reward.
    ...(room.difficulty === 'practice' && player.credit > 0 ? { first_win_reward: player.credit } : {}),
  };
  const pvp: PvpBattleResultPayload | null = room.isPvp
    ? {
        battle_id: room.id,
        result: player.result === 'victory' ? 'win' : player.result === 'defeat' ? 'lose' : 'draw',
        coins: player.net,
        hits: mine.hits,
        damage: mine.damage,
        opponent_hits: theirs.hits,
        opponent_damage: theirs.damage,
        super_attacks: mine.superAttack,
        opponent_super_attacks: theirs.superAttack,
        experience: player.experience,
      }
    : null;
  return { autoResolve, completed, pvp };
}

/** A voided battle's result for one player: no winner, the stake back, nothing earned (D-BATTLE-10). */
export function voidedMessage(room: BattleRoom, player: { userId: string; stake: number; coins: number }) {
  const side = room.sideOf(player.userId) ?? 0;
  const mine = sideSummary(room, side);
  const theirs = sideSummary(room, side === 0 ? 1 : 0);
  const completed: BattleCompletedPayload = {
    battle_id: room.id,
    result: 'draw',
    coins_earned: 0,
    experience_earned: 0,
    reason: 'void',
    is_pvp: room.isPvp,
    level: room.contenders[side].level,
    level_up: false,
    coins: player.coins,
    stake: player.stake,
    payout: player.stake,
    your_stats: { ...statsOf(mine), coins: 0 },
    opponent_stats: { ...statsOf(theirs), coins: 0 },
    final_health: finalHealth(room, side),
  };
  return completed;
}

/** A voided battle's result when this process holds no room for it (a cluster's sweeper, D-CLUSTER-18). */
export function voidedWithoutRoom(
  battleId: string,
  isPvp: boolean,
  level: number,
  player: { stake: number; coins: number },
): BattleCompletedPayload {
  const none = { hits: 0, damage: 0, superAttack: 0, defSuperAttack: 0, coins: 0 };
  return {
    battle_id: battleId,
    result: 'draw',
    coins_earned: 0,
    experience_earned: 0,
    reason: 'void',
    is_pvp: isPvp,
    level,
    level_up: false,
    coins: player.coins,
    stake: player.stake,
    payout: player.stake,
    your_stats: none,
    opponent_stats: none,
  };
}

/** Both sides' health as the battle ended, from one side's view (F64: what decided a time-out). */
function finalHealth(room: BattleRoom, side: Side): NonNullable<BattleCompletedPayload['final_health']> {
  const mine = room.state.fighters[side];
  const theirs = room.state.fighters[side === 0 ? 1 : 0];
  return {
    you: { health: mine.health, max: mine.maxHealth },
    opponent: { health: theirs.health, max: theirs.maxHealth },
  };
}

function statsOf(summary: ReturnType<typeof sideSummary>) {
  return {
    hits: summary.hits,
    damage: summary.damage,
    superAttack: summary.superAttack,
    defSuperAttack: summary.defSuperAttack,
  };
}
