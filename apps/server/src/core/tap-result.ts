import type { TapRegisteredPayload } from '@titans/shared/taps/schemas';

/**
 * What a tap batch answers: the tap engine's result, also carried between processes when a tap is
 * forwarded to the player's owner (cluster/player-ownership.ts), so it lives below both.
 */
export type TapResult =
  | { ok: true; payload: TapRegisteredPayload }
  | { ok: false; code: 'tap/no-user' | 'tap/no-character' | 'user/not-found' | 'server/unavailable' };
