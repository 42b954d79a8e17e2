import type { BattleCompletedPayload } from '@titans/shared/battle/schemas';
import type { ErrorPayload, StatusPayload, TapRegisteredPayload } from '@titans/shared/taps/schemas';

/*
 * Light checks of what the server pushes, so a malformed event is logged and ignored instead of
 * turning the coin total into NaN. (The shared zod schemas would add zod to the bundle for this.)
 */

type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null;
}

function isInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

function optional(value: unknown, check: (value: unknown) => boolean): boolean {
  return value === undefined || check(value);
}

export function isStatusPayload(value: unknown): value is StatusPayload {
  return (
    isObject(value) &&
    isInt(value.coins) &&
    isInt(value.energy) &&
    isInt(value.max_energy) &&
    isInt(value.pending) &&
    optional(value.gems, isInt) &&
    optional(value.energy_regen_rate, (rate) => typeof rate === 'number' && Number.isFinite(rate)) &&
    optional(value.tap_value, isInt) &&
    optional(value.tap_multiplier, isInt) &&
    optional(value.confirmed_seq, isInt) &&
    optional(value.applied_seq, isInt)
  );
}

export function isTapRegisteredPayload(value: unknown): value is TapRegisteredPayload {
  return (
    isObject(value) &&
    (value.seq === null || isInt(value.seq)) &&
    isInt(value.accepted) &&
    isInt(value.rejected) &&
    (value.reason === null ||
      value.reason === 'energy' ||
      value.reason === 'rate' ||
      value.reason === 'duplicate') &&
    isInt(value.value) &&
    isInt(value.total) &&
    isInt(value.coins) &&
    isInt(value.pending) &&
    isInt(value.energy) &&
    isInt(value.max_energy) &&
    isInt(value.combo)
  );
}

export function toErrorPayload(value: unknown): ErrorPayload {
  if (!isObject(value)) return { message: String(value) };
  return {
    // i18n-lint-ignore: stands in for the server's English message; a player reads the code's text (D-I18N-WEB-5)
    message: typeof value.message === 'string' ? value.message : 'Unknown error',
    ...(typeof value.code === 'string' ? { code: value.code } : {}),
  };
}

/** The part of `battleCompleted` the account's screens use (the Arena reads the rest). */
export function isBattleCompletedPayload(
  value: unknown,
): value is Pick<BattleCompletedPayload, 'battle_id' | 'level' | 'level_up' | 'coins'> {
  return (
    isObject(value) &&
    typeof value.battle_id === 'string' &&
    isInt(value.level) &&
    typeof value.level_up === 'boolean' &&
    isInt(value.coins)
  );
}
