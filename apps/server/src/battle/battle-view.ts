import type { Outcome } from '@titans/shared/battle/battle-rules';
import type {
  BattleAutoResolvePayload,
  BattleCompletedPayload,
  PvpBattleResultPayload,
} from '@titans/shared/battle/schemas';
import type { BattleRoom } from './battle-room.ts';
import { type Settled, sideSummary } from './battle-settlement.ts';

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

function statsOf(summary: ReturnType<typeof sideSummary>) {
  return {
    hits: summary.hits,
    damage: summary.damage,
    superAttack: summary.superAttack,
    defSuperAttack: summary.defSuperAttack,
  };
}
