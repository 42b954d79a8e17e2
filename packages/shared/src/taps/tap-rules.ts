import { COMBO_BONUS_AT, COMBO_BONUS_PERCENT, COMBO_RESET_MS, MAX_TAPS_PER_SECOND } from '../constants.ts';
import { type EnergyLimits, type EnergyState, regenerate } from './energy.ts';

/** Why taps of a batch were refused. */
export type TapRejection = 'energy' | 'rate';

/** A user's tapping state as the authority holds it. Pure data: rules return new values. */
export interface TapState {
  energy: EnergyState;
  /** Taps in the current combo and when the last accepted tap happened (epoch ms). */
  combo: number;
  lastTapAt: number;
  /** Accepted taps in the last second, oldest first: the sliding window of the rate cap. */
  window: ReadonlyArray<{ at: number; count: number }>;
}

/** What a tap is worth and costs for this user now (from the character and the upgrades). */
export interface TapContext extends EnergyLimits {
  /** The selected character's tapValue. */
  tapValue: number;
  /** The user's tap multiplier (1 + Multitap level). */
  tapMultiplier: number;
}

export interface TapOutcome {
  state: TapState;
  accepted: number;
  rejected: number;
  reason: TapRejection | null;
  /** Coins earned by the accepted taps, combo bonus included. */
  coins: number;
  /** How many of the accepted taps earned the combo bonus. */
  bonusTaps: number;
}

/** A fresh state: full energy, no combo, empty rate window. */
export function initialTapState(energy: EnergyState): TapState {
  return { energy, combo: 0, lastTapAt: Number.NEGATIVE_INFINITY, window: [] };
}

/** T1: coins of one tap without combo = tapValue × tapMultiplier. */
export function baseTapValue(context: Pick<TapContext, 'tapValue' | 'tapMultiplier'>): number {
  return context.tapValue * context.tapMultiplier;
}

/** T5: the combo bonus of one tap at combo ≥ 10 is 10% of its base value, rounded down, at least 1. */
export function comboBonus(baseValue: number): number {
  return Math.max(1, Math.floor((baseValue * COMBO_BONUS_PERCENT) / 100));
}

/** E3: one tap spends as much energy as its multiplier (Multitap costs energy, as in Notcoin). */
export function energyPerTap(context: Pick<TapContext, 'tapMultiplier'>): number {
  return context.tapMultiplier;
}

/** Taps accepted inside the half-open second (now − 1000 ms, now]. */
export function tapsInLastSecond(window: TapState['window'], now: number): number {
  let total = 0;
  for (const entry of window) if (entry.at > now - 1000) total += entry.count;
  return total;
}

/**
 * Applies a batch of `count` taps arriving at `now`.
 * - E1/E2: energy regenerates to `now` first and never goes below 0.
 * - T2: at most MAX_TAPS_PER_SECOND taps are accepted in any one-second window.
 * - T1/T5: each accepted tap earns the base value, plus the combo bonus from the 10th tap of a
 *   combo; a combo resets when 1.5 s pass without an accepted tap.
 * Refused taps change nothing but the rejection count.
 */
export function applyTaps(state: TapState, context: TapContext, count: number, now: number): TapOutcome {
  const energy = regenerate(state.energy, context, now);
  const window = state.window.filter((entry) => entry.at > now - 1000);
  const rateRoom = Math.max(0, MAX_TAPS_PER_SECOND - tapsInLastSecond(window, now));
  const cost = energyPerTap(context);
  const energyRoom = Math.floor(energy.energy / cost);
  const accepted = Math.max(0, Math.min(count, rateRoom, energyRoom));
  const rejected = count - accepted;
  const reason: TapRejection | null =
    rejected === 0 ? null : rateRoom < Math.min(count, energyRoom) ? 'rate' : 'energy';

  if (accepted === 0) {
    return { state: { ...state, energy, window }, accepted, rejected, reason, coins: 0, bonusTaps: 0 };
  }
  const startCombo = now - state.lastTapAt > COMBO_RESET_MS ? 0 : state.combo;
  const endCombo = startCombo + accepted;
  // Taps number startCombo+1 … endCombo in the combo; those at or above COMBO_BONUS_AT earn the bonus.
  const bonusTaps = Math.max(0, endCombo - Math.max(startCombo, COMBO_BONUS_AT - 1));
  const base = baseTapValue(context);
  const coins = accepted * base + bonusTaps * comboBonus(base);
  return {
    state: {
      energy: { energy: energy.energy - accepted * cost, at: energy.at },
      combo: endCombo,
      lastTapAt: now,
      window: [...window, { at: now, count: accepted }],
    },
    accepted,
    rejected,
    reason,
    coins,
    bonusTaps,
  };
}

/** The combo a display should show at `now` (0 once 1.5 s have passed without a tap). */
export function currentCombo(state: Pick<TapState, 'combo' | 'lastTapAt'>, now: number): number {
  return now - state.lastTapAt > COMBO_RESET_MS ? 0 : state.combo;
}
