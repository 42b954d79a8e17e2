import { BATTLE_COIN_REWARD, BATTLE_MIN_HITS_TO_EARN, XP_DEFEAT, XP_DRAW, XP_VICTORY } from '../constants.ts';
import type { BattleResult } from './schemas.ts';

/** One human side of a finished battle, as the payout rule needs it. */
export interface PayoutSide {
  result: BattleResult;
  /** Hits this side landed. */
  hits: number;
  /** The stake escrowed for this side at the start. */
  stake: number;
}

/** What settling gives one side: coins credited now, the net change over the battle, experience. */
export interface Payout {
  /** Coins credited at settlement: the stake returned, plus the prize when earned. */
  credit: number;
  /** The change over the whole battle: credit minus the stake taken at the start. */
  net: number;
  /** Whether this side earned the prize. */
  prize: boolean;
  experience: number;
}

/** Whether a side played: landed enough hits to earn anything (F34, decisions D-BATTLE-14). */
export function played(hits: number): boolean {
  return hits >= BATTLE_MIN_HITS_TO_EARN;
}

/**
 * F33–F35 (decisions D-BATTLE-13, D-BATTLE-14): the stake was taken when the battle started, so
 * nothing a player spends during the fight changes what the result costs or pays.
 * - A defeat keeps the stake.
 * - A victory returns the stake and pays the prize, if the side played.
 * - A draw returns the stake; in a bot battle it also pays the prize if the
 *   side played; in PvP it pays no prize, so two accounts cannot mint coins by agreeing a draw.
 * - A side that did not play (fewer than BATTLE_MIN_HITS_TO_EARN hits) earns no prize and no
 *   experience: an idle PvP battle pays neither player.
 */
export function payout(side: PayoutSide, isPvp: boolean): Payout {
  const earns = played(side.hits);
  if (side.result === 'defeat') {
    return { credit: 0, net: -side.stake, prize: false, experience: earns ? XP_DEFEAT : 0 };
  }
  const prize = earns && (side.result === 'victory' || !isPvp);
  const credit = side.stake + (prize ? BATTLE_COIN_REWARD : 0);
  const experience = earns ? (side.result === 'victory' ? XP_VICTORY : XP_DRAW) : 0;
  return { credit, net: credit - side.stake, prize, experience };
}
