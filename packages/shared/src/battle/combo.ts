import { BATTLE_COMBO_STEPS, BATTLE_COMBO_WINDOW_MS } from '../constants.ts';

/** The combo after a tap at `at`: +1 within 2.5 s of the previous tap, else it starts again at 1. */
export function nextCombo(combo: number, lastTapAt: number | null, at: number): number {
  return lastTapAt !== null && at - lastTapAt <= BATTLE_COMBO_WINDOW_MS ? combo + 1 : 1;
}

/** The combo as shown at `now`: 0 once 2.5 s passed without a tap. */
export function comboAt(combo: number, lastTapAt: number | null, now: number): number {
  return lastTapAt !== null && now - lastTapAt <= BATTLE_COMBO_WINDOW_MS ? combo : 0;
}

/** 1.5x at combo 3, 2x at 5, 3x at 10, otherwise 1x. */
export function comboMultiplier(combo: number): number {
  for (const step of BATTLE_COMBO_STEPS) if (combo >= step.at) return step.multiplier;
  return 1;
}
