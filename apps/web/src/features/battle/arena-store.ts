import { BATTLE_INTRO_MS } from '@titans/shared/constants';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { audioEngine } from '../../lib/audio/audio-engine.ts';
import { haptics } from '../../lib/haptics.ts';
import { onBattleMessage } from '../../lib/realtime/battle-channel.ts';
import { forfeitBattle, rejoinBattle, skipIntro } from './api/battle-commands.ts';
import { type ArenaEffect, type ArenaEvent, type ArenaTimer, arenaReducer } from './arena-reducer.ts';
import { type ArenaState, initialArenaState } from './arena-state.ts';

export type { ArenaPhase, ArenaResult, ArenaState } from './arena-state.ts';
export { eventBanner } from './arena-state.ts';

/*
 * The Arena's store: it holds the reducer's state (arena-reducer.ts) and carries out its effects
 * — sounds, haptics, commands to the server and named timers, which a new timer of the same name
 * replaces and the return to the lobby cancels.
 */

export const arenaStore = createStore<ArenaState>(() => initialArenaState());

export function useArena<T>(selector: (state: ArenaState) => T): T {
  return useStore(arenaStore, selector);
}

const timers = new Map<ArenaTimer['name'], ReturnType<typeof setTimeout>>();
/** What Forfeit Match retries once the old battle is over (the start dialog's start). */
let retryMatchmaking: (() => void) | null = null;

function run(effect: ArenaEffect) {
  switch (effect.kind) {
    case 'sound':
      return audioEngine.play(effect.sound);
    case 'haptic':
      return haptics[effect.haptic]();
    case 'schedule': {
      const { timer } = effect;
      clearTimeout(timers.get(timer.name));
      timers.set(
        timer.name,
        setTimeout(() => {
          timers.delete(timer.name);
          dispatchArena({ event: 'timer', timer });
        }, effect.delayMs),
      );
      return;
    }
    case 'cancelTimers':
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      return;
    case 'rejoin':
      rejoinBattle(effect.battleId);
      return;
    case 'forfeit':
      forfeitBattle(effect.battleId);
      return;
    case 'skipIntro':
      skipIntro(effect.battleId);
      return;
    case 'retryMatchmaking':
      retryMatchmaking?.();
      return;
  }
}

/** Folds one event into the store, then carries out its effects. */
export function dispatchArena(event: ArenaEvent) {
  const { state, effects } = arenaReducer(arenaStore.getState(), event, Date.now());
  arenaStore.setState(state, true);
  for (const effect of effects) run(effect);
}

/** Server time now, as this device estimates it. */
export function serverNow(state: Pick<ArenaState, 'clockOffset'> = arenaStore.getState()) {
  return Date.now() + state.clockOffset;
}

let subscribed = false;

/** Starts listening to the socket (once per page). */
export function subscribeArena() {
  if (subscribed) return;
  subscribed = true;
  onBattleMessage(dispatchArena);
}

/** Forfeit Match in the Already in Battle! dialog: ends the old battle, then retries after 5 s. */
export function forfeitActive(retry: () => void) {
  retryMatchmaking = retry;
  dispatchArena({ event: 'forfeitActive' });
}

/** Back to the lobby (after the result, or Continue). */
export function backToLobby() {
  dispatchArena({ event: 'backToLobby' });
}

export function setArenaChoice(
  choice: Partial<Pick<ArenaState, 'mode' | 'difficulty' | 'energy' | 'items'>>,
) {
  arenaStore.setState(choice);
}

export function registerLocalTap() {
  arenaStore.setState({ lastTapAt: Date.now() });
}

/** How long the intro has run, in ms (0…BATTLE_INTRO_MS), from the server's FIGHT! time. */
export function introElapsed(state: ArenaState, now = serverNow(state)) {
  if (!state.battle) return BATTLE_INTRO_MS;
  return BATTLE_INTRO_MS - (state.battle.live.fight_starts_at - now);
}
