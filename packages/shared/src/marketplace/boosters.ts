import type { ItemEffects } from '../inventory/schemas.ts';

/** One bought booster's effect window (decisions: D-SHOP-2). Times in ms. */
export interface BoosterActivation {
  itemId: string;
  effects: ItemEffects;
  startsAt: number;
  endsAt: number;
}

/** The sum of the boosters in effect at `now`: what the Arena adds to energy, defense and power. */
export interface ActiveBoostTotals {
  energy_boost: number;
  defense_boost: number;
  power_boost: number;
}

/**
 * D-SHOP-2: a booster bought while the same booster is still running starts when that one ends,
 * so buying it again extends its time instead of stacking its effect.
 */
export function boosterWindow(
  previousEnds: readonly number[],
  now: number,
  durationMs: number,
): { startsAt: number; endsAt: number } {
  const startsAt = Math.max(now, ...previousEnds);
  return { startsAt, endsAt: startsAt + durationMs };
}

/** Sums the effects of the activations running at `now` (start inclusive, end exclusive). */
export function activeBoostTotals(activations: readonly BoosterActivation[], now: number): ActiveBoostTotals {
  const totals: ActiveBoostTotals = { energy_boost: 0, defense_boost: 0, power_boost: 0 };
  for (const activation of activations) {
    if (activation.startsAt > now || activation.endsAt <= now) continue;
    totals.energy_boost += activation.effects.energy_boost ?? 0;
    totals.defense_boost += activation.effects.defense_boost ?? 0;
    totals.power_boost += activation.effects.power_boost ?? 0;
  }
  return totals;
}
