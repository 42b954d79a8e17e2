import type { ZzfxParameters } from 'zzfx';

/** The game's sound effects, as ZzFX parameter lists (generated, no sound files). */
export const SOUND_EFFECT_NAMES = [
  'tap',
  'combo',
  'superCombo',
  'denied',
  'success',
  'error',
  'hit',
  'hurt',
  'countdown',
  'fight',
  'victory',
  'defeat',
] as const;
export type SoundEffect = (typeof SOUND_EFFECT_NAMES)[number];

/*
 * Order: volume, randomness, frequency, attack, sustain, release, shape, shapeCurve, slide,
 * deltaSlide, pitchJump, pitchJumpTime, repeatTime, noise, modulation, bitCrush, delay,
 * sustainVolume, decay, tremolo, filter.
 */
export const SOUND_EFFECTS: Record<SoundEffect, ZzfxParameters> = {
  // A short, soft coin tick: played up to 20 times a second, so quiet and quick.
  tap: [0.32, 0.06, 1_320, 0, 0.012, 0.06, 0, 1.6, 0, 0, 660, 0.018, 0, 0, 0, 0, 0, 0.6],
  // COMBO!: a bright three-step chime.
  combo: [0.55, 0, 660, 0.01, 0.07, 0.22, 0, 1.6, 0, 0, 330, 0.06, 0.06],
  // SUPER COMBO!: a fuller rising fanfare.
  superCombo: [0.6, 0, 523, 0.01, 0.14, 0.32, 1, 1.4, 0, 0, 262, 0.07, 0.07, 0, 0, 0, 0.04, 0.8],
  // Out of energy: a low soft "nope".
  denied: [0.45, 0, 150, 0.005, 0.04, 0.12, 2, 2.2, -4, 0, 0, 0, 0, 0, 0, 0, 0, 0.5, 0, 0, 900],
  // A purchase went through.
  success: [0.55, 0, 880, 0.01, 0.09, 0.28, 0, 1.7, 0, 0, 440, 0.07],
  // A purchase failed.
  error: [0.45, 0, 220, 0.01, 0.08, 0.18, 3, 1.2, -8, 0, 0, 0, 0, 0.2, 0, 0, 0, 0.6, 0, 0, 1_200],
  // Arena: a punchy noisy thud when a tap lands on the target.
  hit: [0.4, 0.08, 180, 0, 0.03, 0.12, 4, 2.1, -6, 0, 0, 0, 0, 0.6, 0, 0.1, 0, 0.5],
  // Arena: taking a hit, a low crunch.
  hurt: [0.45, 0.1, 90, 0, 0.05, 0.18, 3, 2.5, -3, 0, 0, 0, 0, 0.9, 0, 0.2, 0, 0.4],
  // Arena: the 3-2-1 beep and the FIGHT! blast.
  countdown: [0.5, 0, 440, 0.005, 0.08, 0.12, 1, 1.5],
  fight: [0.65, 0, 220, 0.01, 0.2, 0.45, 3, 1.8, 0, 0, 220, 0.08, 0, 0.3, 0, 0, 0.03, 0.8],
  // Arena results: a victory fanfare and a falling defeat tone.
  victory: [0.65, 0, 523, 0.02, 0.3, 0.5, 0, 1.5, 0, 0, 261, 0.1, 0.12, 0, 0, 0, 0.05, 0.9],
  defeat: [0.55, 0, 330, 0.02, 0.3, 0.6, 2, 1.4, -2, 0, -80, 0.15, 0, 0, 0, 0, 0, 0.7],
};

/** Variants built per effect: ZzFX randomises pitch slightly, so rapid taps do not drone. */
export const EFFECT_VARIANTS = 4;
