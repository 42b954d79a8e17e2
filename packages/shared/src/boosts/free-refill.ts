import { FREE_REFILLS_PER_DAY } from '../constants.ts';

export interface FreeRefillState {
  /** UTC day (YYYY-MM-DD) the counter belongs to. */
  day: string | null;
  used: number;
  lastUsedAt: number | null;
}

export type FreeRefillCheck =
  | { ok: true; usedToday: number }
  | { ok: false; reason: 'no-refills-left' | 'cooldown'; availableAt: number | null; usedToday: number };

/** The UTC calendar day of an instant, as YYYY-MM-DD. */
export function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/**
 * B2: a few free full-energy refills a UTC day, with a cooldown between two of them (shortened by
 * the Quick Refill upgrade). The counter starts over on a new day.
 */
export function checkFreeRefill(
  state: FreeRefillState,
  cooldownSeconds: number,
  now: number,
): FreeRefillCheck {
  const usedToday = state.day === utcDay(now) ? state.used : 0;
  if (usedToday >= FREE_REFILLS_PER_DAY) {
    return { ok: false, reason: 'no-refills-left', availableAt: null, usedToday };
  }
  if (state.lastUsedAt !== null && now - state.lastUsedAt < cooldownSeconds * 1000) {
    return {
      ok: false,
      reason: 'cooldown',
      availableAt: state.lastUsedAt + cooldownSeconds * 1000,
      usedToday,
    };
  }
  return { ok: true, usedToday };
}
