import { energyPerTap } from '@titans/shared/taps/tap-rules';
import { energyAt, useBalance } from '../../lib/realtime/balance-store.ts';
import { useNow } from '../../lib/use-now.ts';

/** How long the notice stays after a refused tap, once energy is back. */
const NOTICE_MS = 2_000;

/**
 * Whether Home says the player is out of energy: a tap cannot be paid for now, or one was just
 * refused (tapping needs energy above 0). Re-renders the caller while it matters.
 */
export function useOutOfEnergy(): boolean {
  const energy = useBalance((state) => state.energy);
  const maxEnergy = useBalance((state) => state.maxEnergy);
  const regenPerSecond = useBalance((state) => state.regenPerSecond);
  const tapMultiplier = useBalance((state) => state.tapMultiplier);
  const outOfEnergyAt = useBalance((state) => state.outOfEnergyAt);
  const synced = useBalance((state) => state.synced);
  const now = Date.now();
  const current = energyAt({ energy, maxEnergy, regenPerSecond }, now);
  const empty = synced && current < energyPerTap({ tapMultiplier });
  const recentlyRefused = outOfEnergyAt !== null && now - outOfEnergyAt < NOTICE_MS;
  useNow(250, empty || recentlyRefused);
  return empty || recentlyRefused;
}
