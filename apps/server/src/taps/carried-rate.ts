import { MAX_TAPS_PER_SECOND } from '@titans/shared/constants';
import type { CarriedRate } from '../cluster/player-ownership.ts';
import type { LivePlayer } from './live-players.ts';

/**
 * CR4: the rate state a player takes along to their next owner (D-CLUSTER-24): the one-second
 * window and combo of the tap rules and the over-cap counters, so moving never resets the cap.
 */
export function carriedRateOf(live: LivePlayer): CarriedRate {
  const { state } = live;
  return {
    window: state.window.map((entry) => ({ at: entry.at, count: entry.count })),
    combo: state.combo,
    lastTapAt: Number.isFinite(state.lastTapAt) ? state.lastTapAt : null,
    overCapSeconds: [...live.overCapSeconds],
    rejectedForRate: live.rejectedForRate,
    lastFlaggedAt: live.lastFlaggedAt,
  };
}

/**
 * Takes over what the previous owner answered. 'unknown' (it did not answer, or Redis was away):
 * the last second counts as full, so a player taken by the fence alone never gets a fresh window.
 */
export function adoptCarriedRate(live: LivePlayer, rate: CarriedRate | 'unknown', now: number) {
  if (rate === 'unknown') {
    live.state = { ...live.state, window: [{ at: now, count: MAX_TAPS_PER_SECOND }] };
    return;
  }
  live.state = {
    ...live.state,
    window: rate.window,
    combo: rate.combo,
    lastTapAt: rate.lastTapAt ?? Number.NEGATIVE_INFINITY,
  };
  live.overCapSeconds = rate.overCapSeconds;
  live.rejectedForRate = rate.rejectedForRate;
  live.lastFlaggedAt = rate.lastFlaggedAt;
}
