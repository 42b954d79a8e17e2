/** Energy as stored: a whole amount at an instant, regenerating continuously afterwards. */
export interface EnergyState {
  /** Whole energy at `at`. */
  energy: number;
  /** Epoch milliseconds. Fractional regeneration is carried by moving this instant back. */
  at: number;
}

export interface EnergyLimits {
  max: number;
  regenPerSecond: number;
}

/**
 * E1/E2: energy at `now` = min(max, stored + regen × elapsed), never below 0. The whole part is
 * returned; the fraction not yet regenerated is kept by placing `at` that much before `now`,
 * so reading energy often never loses regeneration.
 */
export function regenerate(state: EnergyState, limits: EnergyLimits, now: number): EnergyState {
  const stored = Math.max(0, Math.min(state.energy, limits.max));
  if (stored >= limits.max || limits.regenPerSecond <= 0) {
    return { energy: stored, at: now };
  }
  const elapsedMs = Math.max(0, now - state.at);
  // The epsilon absorbs floating-point error in a fractional `at`, so a whole unit that is due is
  // never missed by a hair.
  const whole = Math.floor((elapsedMs * limits.regenPerSecond) / 1000 + 1e-9);
  if (stored + whole >= limits.max) return { energy: limits.max, at: now };
  // `at` advances by exactly the time the whole units took (it may be fractional): rounding it to
  // a whole millisecond would gain or lose a little on every read.
  return { energy: stored + whole, at: state.at + (whole * 1000) / limits.regenPerSecond };
}

/** Milliseconds until energy is full again (0 when full). */
export function msUntilFull(state: EnergyState, limits: EnergyLimits, now: number): number {
  const current = regenerate(state, limits, now);
  if (current.energy >= limits.max || limits.regenPerSecond <= 0) return 0;
  const missing = limits.max - current.energy;
  return Math.ceil((missing * 1000) / limits.regenPerSecond - (now - current.at));
}
