import type { Difficulty } from '@titans/shared/battle/bots';
import type {
  BattleActivePayload,
  BattleCompletedPayload,
  BattleEventPayload,
  BattleHit,
  BattleStartedPayload,
  BattleTarget,
  BattleTurnProcessedPayload,
  LiveEventPayload,
  MatchmakingPayload,
  PvpBattleResultPayload,
  PvpHealthUpdatePayload,
} from '@titans/shared/battle/schemas';
import {
  BATTLE_INTRO_MS,
  COMMENTARY_BANNER_MS,
  DEFAULT_BATTLE_ENERGY,
  MATCHMAKING_RETRY_MS,
  REJOIN_DELAY_MS,
  RESULT_DELAY_MS,
  TOAST_MS,
} from '@titans/shared/constants';
import type { ErrorPayload } from '@titans/shared/taps/schemas';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { audioEngine } from '../../lib/audio/audio-engine.ts';
import { haptics } from '../../lib/haptics.ts';
import { type BattleMessage, onBattleMessage } from '../../lib/realtime/battle-channel.ts';
import { forfeitBattle, rejoinBattle } from './api/battle-commands.ts';

/** spec-b §2 phases of the /fight screen. */
export type ArenaPhase = 'lobby' | 'searching' | 'battle' | 'result';

export interface FloatingHit {
  id: number;
  by: 'you' | 'opponent';
  damage: number;
  x: number;
  y: number;
  superAttack: boolean;
  multiplier: number;
}

export interface ArenaResult {
  completed: BattleCompletedPayload;
  pvp: PvpBattleResultPayload | null;
}

export interface ArenaState {
  phase: ArenaPhase;
  mode: 'pvp' | 'pve';
  difficulty: Difficulty;
  energy: number;
  items: string[];
  queue: MatchmakingPayload | null;
  searchStartedAt: number;
  battle: BattleStartedPayload | null;
  /** server time − this device's time, from the battle start message. */
  clockOffset: number;
  /** The intro of the current battle should play (false on rejoin). */
  showIntro: boolean;
  yourHealth: number;
  yourMax: number;
  opponentHealth: number;
  opponentMax: number;
  yourTaps: number;
  opponentTaps: number;
  target: BattleTarget | null;
  liveEvent: LiveEventPayload | null;
  /** The commentary banner (spec-b §4: 3 s) for the event that just started. */
  banner: { text: string; at: number } | null;
  combo: number;
  multiplier: number;
  lastTapAt: number;
  floating: FloatingHit[];
  /** When each side last took damage (flash, shake). */
  yourHurtAt: number;
  opponentHurtAt: number;
  opponentWaiting: boolean;
  result: ArenaResult | null;
  /** The red banner at the top of the battle screen (spec-b §2). */
  message: { text: string; at: number } | null;
  /** The Already in Battle! dialog (spec-b §8), with the battle to forfeit when known. */
  alreadyInBattle: { battleId: string | null } | null;
  activeBattleId: string | null;
  /** A matchmaking request to resend after an already-in-battle error (spec-b §4: after 5 s). */
  retryAt: number | null;
}

function initial(): ArenaState {
  return {
    phase: 'lobby',
    mode: 'pve',
    difficulty: 'easy',
    energy: DEFAULT_BATTLE_ENERGY,
    items: [],
    queue: null,
    searchStartedAt: 0,
    battle: null,
    clockOffset: 0,
    showIntro: false,
    yourHealth: 0,
    yourMax: 1,
    opponentHealth: 0,
    opponentMax: 1,
    yourTaps: 0,
    opponentTaps: 0,
    target: null,
    liveEvent: null,
    banner: null,
    combo: 0,
    multiplier: 1,
    lastTapAt: 0,
    floating: [],
    yourHurtAt: 0,
    opponentHurtAt: 0,
    opponentWaiting: false,
    result: null,
    message: null,
    alreadyInBattle: null,
    activeBattleId: null,
    retryAt: null,
  };
}

export const arenaStore = createStore<ArenaState>(() => initial());

export function useArena<T>(selector: (state: ArenaState) => T): T {
  return useStore(arenaStore, selector);
}

const EVENT_BANNERS: Record<LiveEventPayload['kind'], string> = {
  frenzy: 'FRENZY MODE!',
  critical: 'CRITICAL HITS!',
  powerUp: 'POWER UP!',
  danger: 'DANGER ZONE!',
};

export function eventBanner(kind: LiveEventPayload['kind']) {
  return EVENT_BANNERS[kind];
}

/** Server time now, as this device estimates it. */
export function serverNow(state: Pick<ArenaState, 'clockOffset'> = arenaStore.getState()) {
  return Date.now() + state.clockOffset;
}

/**
 * Two matchmaking payloads carry no code, only spec-b §4's words, which the server sends as they
 * are: the bot offer's "No opponent found" and the player's own cancel, shown by nobody (D-WIRE-2).
 */
const NO_OPPONENT_FOUND = 'No opponent found';
const MATCHMAKING_CANCELLED = 'Matchmaking cancelled';

let floatingId = 0;

function showMessage(text: string) {
  arenaStore.setState({ message: { text, at: Date.now() } });
  setTimeout(() => {
    const current = arenaStore.getState().message;
    if (current && Date.now() - current.at >= TOAST_MS - 50) arenaStore.setState({ message: null });
  }, TOAST_MS);
}

function applyHit(
  hit: BattleHit,
  health: { yours: number; theirs: number; yourMax: number; theirMax: number },
) {
  const state = arenaStore.getState();
  const now = Date.now();
  const target = state.target;
  const floating: FloatingHit = {
    id: ++floatingId,
    by: hit.by,
    damage: hit.damage,
    // Your hits rise from the target you tapped; the opponent's from your own portrait.
    x: hit.by === 'you' && target ? target.x : 200,
    y: hit.by === 'you' && target ? target.y : 470,
    superAttack: hit.super_attack,
    multiplier: hit.multiplier,
  };
  const next: Partial<ArenaState> = {
    yourHealth: health.yours,
    opponentHealth: health.theirs,
    yourMax: health.yourMax,
    opponentMax: health.theirMax,
    floating: [...state.floating.slice(-10), floating],
  };
  if (hit.by === 'you') {
    next.opponentHurtAt = now;
    next.combo = hit.combo;
    next.multiplier = hit.multiplier;
    if (hit.combo === 3 || hit.combo === 5) audioEngine.play('combo');
    else if (hit.combo === 10) audioEngine.play('superCombo');
    else audioEngine.play('hit');
  } else {
    next.yourHurtAt = now;
    audioEngine.play('hurt');
    haptics.medium();
  }
  arenaStore.setState(next);
}

function onStarted(payload: BattleStartedPayload) {
  const state = arenaStore.getState();
  const clockOffset = payload.live.server_now - Date.now();
  const remaining = payload.live.fight_starts_at - payload.live.server_now;
  arenaStore.setState({
    phase: 'battle',
    battle: payload,
    clockOffset,
    // The intro plays for a fresh battle; a rejoin goes straight back into the fight.
    showIntro: !payload.rejoined && remaining > 0,
    mode: payload.is_pvp ? 'pvp' : 'pve',
    yourHealth: payload.user_stats.current_health,
    yourMax: payload.user_stats.initial_health,
    opponentHealth: payload.opponent_stats.current_health,
    opponentMax: payload.opponent_stats.initial_health,
    yourTaps: payload.live.your_taps,
    opponentTaps: payload.live.opponent_taps,
    target: payload.live.target,
    liveEvent: payload.live.event,
    banner: null,
    combo: payload.live.combo,
    multiplier: 1,
    floating: [],
    opponentWaiting: payload.live.opponent_waiting,
    result: null,
    queue: null,
    activeBattleId: payload.battle_id,
    alreadyInBattle: null,
    retryAt: null,
  });
  void state;
}

function onBattleEvent(payload: BattleEventPayload) {
  const state = arenaStore.getState();
  if (payload.battle_id !== state.battle?.battle_id) return;
  switch (payload.type) {
    case 'targetSpawned':
      arenaStore.setState({ target: payload.target });
      break;
    case 'targetExpired':
      if (state.target?.id === payload.target_id) arenaStore.setState({ target: null });
      break;
    case 'eventStarted':
      arenaStore.setState({
        liveEvent: payload.event,
        banner: { text: eventBanner(payload.event.kind), at: Date.now() },
      });
      haptics.heavy();
      audioEngine.play('superCombo');
      setTimeout(() => {
        const banner = arenaStore.getState().banner;
        if (banner && Date.now() - banner.at >= COMMENTARY_BANNER_MS - 50)
          arenaStore.setState({ banner: null });
      }, COMMENTARY_BANNER_MS);
      break;
    case 'eventEnded':
      arenaStore.setState({ liveEvent: null });
      break;
    case 'tapIgnored':
      break;
  }
}

function onCompleted(payload: BattleCompletedPayload) {
  const state = arenaStore.getState();
  if (state.battle && payload.battle_id !== state.battle.battle_id) return;
  const pvp = state.result?.completed.battle_id === payload.battle_id ? state.result.pvp : null;
  arenaStore.setState({ result: { completed: payload, pvp }, target: null, activeBattleId: null });
  // spec-b §4: the result shows 1 s after completion; haptics per result.
  if (payload.result === 'victory') {
    haptics.success();
    audioEngine.play('victory');
  } else if (payload.result === 'defeat') {
    haptics.error();
    audioEngine.play('defeat');
  } else haptics.warning();
  setTimeout(() => {
    if (arenaStore.getState().result?.completed.battle_id === payload.battle_id)
      arenaStore.setState({ phase: 'result' });
  }, RESULT_DELAY_MS);
}

function onPvpResult(payload: PvpBattleResultPayload) {
  const state = arenaStore.getState();
  if (state.result && state.result.completed.battle_id === payload.battle_id)
    arenaStore.setState({ result: { ...state.result, pvp: payload } });
  else pendingPvp.set(payload.battle_id, payload);
}

const pendingPvp = new Map<string, PvpBattleResultPayload>();

/** `error` from the server: the Arena's refusals carry a battle/* code (spec-b §8). */
function onError(error: ErrorPayload) {
  const state = arenaStore.getState();
  if (error.code === 'battle/already-in-battle') {
    // spec-b §8: cancel this attempt, offer Forfeit Match, retry after 5 s.
    arenaStore.setState({
      alreadyInBattle: { battleId: state.activeBattleId },
      phase: state.phase === 'searching' ? 'lobby' : state.phase,
    });
    return;
  }
  if (!error.code?.startsWith('battle/')) return;
  if (state.phase === 'searching') arenaStore.setState({ phase: 'lobby' });
  showMessage(error.message || 'Something went wrong');
}

function onActive(active: BattleActivePayload) {
  const state = arenaStore.getState();
  arenaStore.setState({ activeBattleId: active.battle_id });
  // A reloaded app (or a second device) picks its battle up again.
  if (active.battle_id && (state.phase === 'lobby' || state.phase === 'battle') && !state.alreadyInBattle)
    rejoinBattle(active.battle_id);
}

function onReconnect() {
  const state = arenaStore.getState();
  // spec-b §4: back from a lost connection, rejoin the battle by id after 1 s.
  if (state.phase === 'battle' && state.battle && !state.result) {
    const battleId = state.battle.battle_id;
    setTimeout(() => rejoinBattle(battleId), REJOIN_DELAY_MS);
  }
}

function onTurn(turn: BattleTurnProcessedPayload) {
  if (turn.battle_id !== arenaStore.getState().battle?.battle_id) return;
  applyHit(turn.hit, {
    yours: turn.user_stats.current_health,
    theirs: turn.opponent_stats.current_health,
    yourMax: turn.user_stats.initial_health,
    theirMax: turn.opponent_stats.initial_health,
  });
  if (turn.hit.by === 'you') arenaStore.setState({ yourTaps: arenaStore.getState().yourTaps + 1 });
}

function onPvpHealth(update: PvpHealthUpdatePayload) {
  if (update.battle_id !== arenaStore.getState().battle?.battle_id) return;
  applyHit(update.hit, {
    yours: update.your_health,
    theirs: update.opponent_health,
    yourMax: update.your_max_health,
    theirMax: update.opponent_max_health,
  });
  arenaStore.setState({ yourTaps: update.your_taps, opponentTaps: update.opponent_taps });
}

function onMatchmaking(message: Extract<BattleMessage, { event: `matchmaking${string}` }>) {
  switch (message.event) {
    case 'matchmakingStarted':
      arenaStore.setState({ phase: 'searching', queue: message.payload, searchStartedAt: Date.now() });
      break;
    case 'matchmakingUpdate':
      arenaStore.setState({ queue: message.payload });
      // The payload names no reason: its text is the spec's and the server's one word for it.
      if (message.payload.message === NO_OPPONENT_FOUND) showMessage(NO_OPPONENT_FOUND);
      break;
    case 'matchmakingCancelled':
      if (arenaStore.getState().phase === 'searching') arenaStore.setState({ phase: 'lobby', queue: null });
      if (message.payload.message !== MATCHMAKING_CANCELLED) showMessage(message.payload.message);
      break;
  }
}

/** Folds one Arena server message, typed by the shared event map, into the store. */
export function handleBattleMessage(message: BattleMessage) {
  switch (message.event) {
    case 'connect':
      return onReconnect();
    case 'matchmakingStarted':
    case 'matchmakingUpdate':
    case 'matchmakingCancelled':
      return onMatchmaking(message);
    case 'battleStarted':
      return onStarted(message.payload);
    case 'battleTurnProcessed':
      return onTurn(message.payload);
    case 'pvpHealthUpdate':
      return onPvpHealth(message.payload);
    case 'battleEvent':
      return onBattleEvent(message.payload);
    case 'battleCompleted': {
      onCompleted(message.payload);
      const pvp = pendingPvp.get(message.payload.battle_id);
      if (pvp) {
        pendingPvp.delete(pvp.battle_id);
        onPvpResult(pvp);
      }
      return;
    }
    case 'pvpBattleResult':
      return onPvpResult(message.payload);
    case 'waitingForOpponent':
      return arenaStore.setState({ opponentWaiting: message.payload.waiting });
    case 'battleAutoResolve':
      return showMessage(message.payload.message);
    case 'battleActive':
      return onActive(message.payload);
    case 'error':
      return onError(message.payload);
  }
}

let subscribed = false;

/** Starts listening to the socket (once per page). */
export function subscribeArena() {
  if (subscribed) return;
  subscribed = true;
  onBattleMessage(handleBattleMessage);
}

/** Forfeit Match in the Already in Battle! dialog: ends the old battle, then retries after 5 s. */
export function forfeitActive(retry: () => void) {
  const { alreadyInBattle, activeBattleId } = arenaStore.getState();
  const battleId = alreadyInBattle?.battleId ?? activeBattleId;
  if (battleId) forfeitBattle(battleId);
  arenaStore.setState({ alreadyInBattle: null, retryAt: Date.now() + MATCHMAKING_RETRY_MS });
  setTimeout(() => {
    if (arenaStore.getState().retryAt !== null) {
      arenaStore.setState({ retryAt: null });
      retry();
    }
  }, MATCHMAKING_RETRY_MS);
}

/** Back to the lobby (after the result, or Continue). */
export function backToLobby() {
  const { mode, difficulty, energy, items } = arenaStore.getState();
  arenaStore.setState({ ...initial(), mode, difficulty, energy, items });
}

export function setArenaChoice(
  choice: Partial<Pick<ArenaState, 'mode' | 'difficulty' | 'energy' | 'items'>>,
) {
  arenaStore.setState(choice);
}

export function registerLocalTap() {
  const now = Date.now();
  const state = arenaStore.getState();
  void state;
  arenaStore.setState({ lastTapAt: now });
}

/** How long the intro has run, in ms (0…BATTLE_INTRO_MS), from the server's FIGHT! time. */
export function introElapsed(state: ArenaState, now = serverNow(state)) {
  if (!state.battle) return BATTLE_INTRO_MS;
  return BATTLE_INTRO_MS - (state.battle.live.fight_starts_at - now);
}
