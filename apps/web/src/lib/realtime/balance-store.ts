import { BASE_ENERGY_REGEN_PER_SECOND, BASE_MAX_ENERGY, DEFAULT_TAP_VALUE } from '@titans/shared/constants';
import type { EnergyState } from '@titans/shared/taps/energy';
import { regenerate } from '@titans/shared/taps/energy';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';

/**
 * What the player sees of their balances, kept by the tap pipeline (tap-pipeline.ts). Client
 * state only: the server's numbers arrive through the socket and the pipeline folds them in.
 */
export interface BalanceState {
  /** The coin total on screen: the server's optimistic total plus taps it has not registered yet. */
  coins: number;
  /** Coins the server has written durably (coinsUpdated / statusUpdated `coins`). */
  durableCoins: number;
  /** The pending badge: coins shown but not yet durable; 0 hides it. */
  pending: number;
  /** Energy at an instant of this device's clock; it regenerates from there (see `energyAt`). */
  energy: EnergyState;
  maxEnergy: number;
  regenPerSecond: number;
  /** The selected character's tap value and the user's multiplier (a tap costs `tapMultiplier` energy). */
  tapValue: number;
  tapMultiplier: number;
  /** Taps in the current combo (0 once 1.5 s pass without a tap). */
  combo: number;
  /** When a tap was last refused for lack of energy (drives the red notice). */
  outOfEnergyAt: number | null;
  /** A status from the server has arrived since the page loaded. */
  synced: boolean;
}

export type BalanceStore = StoreApi<BalanceState>;

export function initialBalanceState(): BalanceState {
  return {
    coins: 0,
    durableCoins: 0,
    pending: 0,
    energy: { energy: BASE_MAX_ENERGY, at: 0 },
    maxEnergy: BASE_MAX_ENERGY,
    regenPerSecond: BASE_ENERGY_REGEN_PER_SECOND,
    tapValue: DEFAULT_TAP_VALUE,
    tapMultiplier: 1,
    combo: 0,
    outOfEnergyAt: null,
    synced: false,
  };
}

export function createBalanceStore(): BalanceStore {
  return createStore<BalanceState>(() => initialBalanceState());
}

/** The app's one balance store, fed by the realtime session. */
export const balanceStore: BalanceStore = createBalanceStore();

export function useBalance<T>(selector: (state: BalanceState) => T): T {
  return useStore(balanceStore, selector);
}

/** What the REST user says before the socket does (the first status replaces it). */
export interface BalanceSeed {
  coins: number;
  energy: number;
  maxEnergy: number;
  regenPerSecond: number;
  tapValue: number;
  tapMultiplier: number;
}

/**
 * Puts the REST user's balances in the store, unless the socket has spoken already. Called
 * before Home first renders, so its numbers never flash from 0.
 */
export function seedBalances(seed: BalanceSeed, now: number, store: BalanceStore = balanceStore): void {
  if (store.getState().synced) return;
  store.setState({
    coins: seed.coins,
    durableCoins: seed.coins,
    pending: 0,
    energy: { energy: seed.energy, at: now },
    maxEnergy: seed.maxEnergy,
    regenPerSecond: seed.regenPerSecond,
    tapValue: seed.tapValue,
    tapMultiplier: seed.tapMultiplier,
  });
}

/** Whole energy at `now`, regenerated on the same rule as the server's (E1/E2). */
export function energyAt(state: Pick<BalanceState, 'energy' | 'maxEnergy' | 'regenPerSecond'>, now: number) {
  return regenerate(state.energy, { max: state.maxEnergy, regenPerSecond: state.regenPerSecond }, now).energy;
}
