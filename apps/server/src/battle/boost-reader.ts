import type { ActiveBoostTotals, BoosterActivation } from '@titans/shared/marketplace/boosters';
import type { Tx } from '../db/database.ts';

/** The boosters running for a player at an instant, with their summed effects (D-SHOP-2). */
export interface RunningBoosts extends ActiveBoostTotals {
  boosts: Array<BoosterActivation & { name: string }>;
}

/**
 * What the Arena reads of the Emporium's boosters (F31, F32, D-BATTLE-12): the Emporium owns the
 * booster windows and app/realtime-setup.ts hands the Arena this reader. It runs inside the transaction that
 * starts the battle, so the snapshot and the battle row commit together.
 */
export interface BoostReader {
  activeBoosts(tx: Tx, userId: string, now: number): Promise<RunningBoosts>;
}
