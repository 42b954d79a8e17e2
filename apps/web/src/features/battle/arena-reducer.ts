import type {
  BattleActivePayload,
  BattleCompletedPayload,
  BattleEventPayload,
  BattleHit,
  BattleStartedPayload,
  BattleTurnProcessedPayload,
  LiveEventPayload,
  PvpBattleResultPayload,
  PvpHealthUpdatePayload,
} from '@titans/shared/battle/schemas';
import {
  COMMENTARY_BANNER_MS,
  MATCHMAKING_RETRY_MS,
  REJOIN_DELAY_MS,
  RESULT_DELAY_MS,
  TOAST_MS,
} from '@titans/shared/constants';
import type { ErrorPayload } from '@titans/shared/taps/schemas';
import type { SoundEffect } from '../../lib/audio/sound-effects.ts';
import type { HapticKind } from '../../lib/haptics.ts';
import type { BattleMessage } from '../../lib/realtime/battle-channel.ts';
import { type ArenaState, type FloatingHit, initialArenaState } from './arena-state.ts';

/*
 * The Arena as a pure reducer, (state, event, now) → { state, effects } (boardgame.io's
 * reducer/master split): what happens is decided here, from the server's messages and the
 * player's few choices; sounds, haptics, commands to the server and timers are effects that
 * arena-store.ts carries out, and its timers can be cancelled. Time is an argument.
 */

/** A timer the reducer asks for; its firing comes back as an event. One per name: a new one replaces it. */
export type ArenaTimer =
  | { name: 'message'; at: number }
  | { name: 'banner'; at: number }
  | { name: 'result'; battleId: string }
  | { name: 'rejoin'; battleId: string }
  | { name: 'retry' };

export type ArenaEffect =
  | { kind: 'sound'; sound: SoundEffect }
  | { kind: 'haptic'; haptic: HapticKind }
  | { kind: 'schedule'; timer: ArenaTimer; delayMs: number }
  | { kind: 'cancelTimers' }
  | { kind: 'rejoin'; battleId: string }
  | { kind: 'forfeit'; battleId: string }
  | { kind: 'retryMatchmaking' };

/** What the Arena reacts to: the server's messages, its own timers, and the player's Forfeit and Continue. */
export type ArenaEvent =
  | BattleMessage
  | { event: 'timer'; timer: ArenaTimer }
  | { event: 'forfeitActive' }
  | { event: 'backToLobby' };

export interface ArenaStep {
  state: ArenaState;
  effects: ArenaEffect[];
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

/**
 * Two matchmaking payloads carry no code, only spec-b §4's words, which the server sends as they
 * are: the bot offer's "No opponent found" and the player's own cancel, shown by nobody (D-WIRE-2).
 */
const NO_OPPONENT_FOUND = 'No opponent found';
const MATCHMAKING_CANCELLED = 'Matchmaking cancelled';

const step = (state: ArenaState, ...effects: ArenaEffect[]): ArenaStep => ({ state, effects });

/** The red banner of the battle screen (spec-b §2), cleared after TOAST_MS. */
function showMessage(state: ArenaState, text: string, now: number): ArenaStep {
  return step(
    { ...state, message: { text, at: now } },
    {
      kind: 'schedule',
      timer: { name: 'message', at: now },
      delayMs: TOAST_MS,
    },
  );
}

function applyHit(
  state: ArenaState,
  hit: BattleHit,
  health: { yours: number; theirs: number; yourMax: number; theirMax: number },
  now: number,
): ArenaStep {
  const target = state.target;
  const floating: FloatingHit = {
    id: state.floatingSeq + 1,
    by: hit.by,
    damage: hit.damage,
    // Your hits rise from the target you tapped; the opponent's from your own portrait.
    x: hit.by === 'you' && target ? target.x : 200,
    y: hit.by === 'you' && target ? target.y : 470,
    superAttack: hit.super_attack,
    multiplier: hit.multiplier,
  };
  const next: ArenaState = {
    ...state,
    yourHealth: health.yours,
    opponentHealth: health.theirs,
    yourMax: health.yourMax,
    opponentMax: health.theirMax,
    floating: [...state.floating.slice(-10), floating],
    floatingSeq: floating.id,
  };
  if (hit.by === 'opponent') {
    return step(
      { ...next, yourHurtAt: now },
      { kind: 'sound', sound: 'hurt' },
      { kind: 'haptic', haptic: 'medium' },
    );
  }
  const sound: SoundEffect =
    hit.combo === 3 || hit.combo === 5 ? 'combo' : hit.combo === 10 ? 'superCombo' : 'hit';
  return step(
    { ...next, opponentHurtAt: now, combo: hit.combo, multiplier: hit.multiplier },
    { kind: 'sound', sound },
  );
}

function onStarted(state: ArenaState, payload: BattleStartedPayload, now: number): ArenaStep {
  const remaining = payload.live.fight_starts_at - payload.live.server_now;
  return step({
    ...state,
    phase: 'battle',
    battle: payload,
    clockOffset: payload.live.server_now - now,
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
}

function onBattleEvent(state: ArenaState, payload: BattleEventPayload, now: number): ArenaStep {
  if (payload.battle_id !== state.battle?.battle_id) return step(state);
  switch (payload.type) {
    case 'targetSpawned':
      return step({ ...state, target: payload.target });
    case 'targetExpired':
      return step(state.target?.id === payload.target_id ? { ...state, target: null } : state);
    case 'eventStarted':
      return step(
        { ...state, liveEvent: payload.event, banner: { text: eventBanner(payload.event.kind), at: now } },
        { kind: 'haptic', haptic: 'heavy' },
        { kind: 'sound', sound: 'superCombo' },
        { kind: 'schedule', timer: { name: 'banner', at: now }, delayMs: COMMENTARY_BANNER_MS },
      );
    case 'eventEnded':
      return step({ ...state, liveEvent: null });
    case 'tapIgnored':
      return step(state);
  }
}

function onPvpResult(state: ArenaState, payload: PvpBattleResultPayload): ArenaState {
  if (state.result && state.result.completed.battle_id === payload.battle_id)
    return { ...state, result: { ...state.result, pvp: payload } };
  return { ...state, pendingPvp: { ...state.pendingPvp, [payload.battle_id]: payload } };
}

function onCompleted(state: ArenaState, payload: BattleCompletedPayload): ArenaStep {
  if (state.battle && payload.battle_id !== state.battle.battle_id) return step(state);
  const { [payload.battle_id]: early = null, ...pendingPvp } = state.pendingPvp;
  const pvp = early ?? (state.result?.completed.battle_id === payload.battle_id ? state.result.pvp : null);
  const next: ArenaState = {
    ...state,
    result: { completed: payload, pvp },
    target: null,
    activeBattleId: null,
    pendingPvp,
  };
  // spec-b §4: the result shows 1 s after completion; haptics per result.
  const feedback: ArenaEffect[] =
    payload.result === 'victory'
      ? [
          { kind: 'haptic', haptic: 'success' },
          { kind: 'sound', sound: 'victory' },
        ]
      : payload.result === 'defeat'
        ? [
            { kind: 'haptic', haptic: 'error' },
            { kind: 'sound', sound: 'defeat' },
          ]
        : [{ kind: 'haptic', haptic: 'warning' }];
  return step(next, ...feedback, {
    kind: 'schedule',
    timer: { name: 'result', battleId: payload.battle_id },
    delayMs: RESULT_DELAY_MS,
  });
}

/** `error` from the server: the Arena's refusals carry a battle/* code (spec-b §8). */
function onError(state: ArenaState, error: ErrorPayload, now: number): ArenaStep {
  if (error.code === 'battle/already-in-battle') {
    // spec-b §8: cancel this attempt, offer Forfeit Match, retry after 5 s.
    return step({
      ...state,
      alreadyInBattle: { battleId: state.activeBattleId },
      phase: state.phase === 'searching' ? 'lobby' : state.phase,
    });
  }
  if (!error.code?.startsWith('battle/')) return step(state);
  const next: ArenaState = state.phase === 'searching' ? { ...state, phase: 'lobby' } : state;
  return showMessage(next, error.message || 'Something went wrong', now);
}

function onActive(state: ArenaState, active: BattleActivePayload): ArenaStep {
  const next = { ...state, activeBattleId: active.battle_id };
  // A reloaded app (or a second device) picks its battle up again.
  const rejoin =
    active.battle_id && (state.phase === 'lobby' || state.phase === 'battle') && !state.alreadyInBattle;
  return rejoin && active.battle_id ? step(next, { kind: 'rejoin', battleId: active.battle_id }) : step(next);
}

function onTurn(state: ArenaState, turn: BattleTurnProcessedPayload, now: number): ArenaStep {
  if (turn.battle_id !== state.battle?.battle_id) return step(state);
  const hit = applyHit(
    state,
    turn.hit,
    {
      yours: turn.user_stats.current_health,
      theirs: turn.opponent_stats.current_health,
      yourMax: turn.user_stats.initial_health,
      theirMax: turn.opponent_stats.initial_health,
    },
    now,
  );
  if (turn.hit.by !== 'you') return hit;
  return { ...hit, state: { ...hit.state, yourTaps: hit.state.yourTaps + 1 } };
}

function onPvpHealth(state: ArenaState, update: PvpHealthUpdatePayload, now: number): ArenaStep {
  if (update.battle_id !== state.battle?.battle_id) return step(state);
  const hit = applyHit(
    state,
    update.hit,
    {
      yours: update.your_health,
      theirs: update.opponent_health,
      yourMax: update.your_max_health,
      theirMax: update.opponent_max_health,
    },
    now,
  );
  return { ...hit, state: { ...hit.state, yourTaps: update.your_taps, opponentTaps: update.opponent_taps } };
}

function onMatchmaking(
  state: ArenaState,
  message: Extract<BattleMessage, { event: `matchmaking${string}` }>,
  now: number,
): ArenaStep {
  switch (message.event) {
    case 'matchmakingStarted':
      return step({ ...state, phase: 'searching', queue: message.payload, searchStartedAt: now });
    case 'matchmakingUpdate': {
      const next = { ...state, queue: message.payload };
      return message.payload.message === NO_OPPONENT_FOUND
        ? showMessage(next, NO_OPPONENT_FOUND, now)
        : step(next);
    }
    case 'matchmakingCancelled': {
      const next: ArenaState =
        state.phase === 'searching' ? { ...state, phase: 'lobby', queue: null } : state;
      return message.payload.message === MATCHMAKING_CANCELLED
        ? step(next)
        : showMessage(next, message.payload.message, now);
    }
  }
}

function onTimer(state: ArenaState, timer: ArenaTimer): ArenaStep {
  switch (timer.name) {
    case 'message':
      return step(state.message?.at === timer.at ? { ...state, message: null } : state);
    case 'banner':
      return step(state.banner?.at === timer.at ? { ...state, banner: null } : state);
    case 'result':
      return step(
        state.result?.completed.battle_id === timer.battleId ? { ...state, phase: 'result' } : state,
      );
    case 'rejoin':
      return step(state, { kind: 'rejoin', battleId: timer.battleId });
    case 'retry':
      return state.retryAt === null
        ? step(state)
        : step({ ...state, retryAt: null }, { kind: 'retryMatchmaking' });
  }
}

/** Forfeit Match in the Already in Battle! dialog: ends the old battle, then retries after 5 s. */
function onForfeit(state: ArenaState, now: number): ArenaStep {
  const battleId = state.alreadyInBattle?.battleId ?? state.activeBattleId;
  const effects: ArenaEffect[] = battleId ? [{ kind: 'forfeit', battleId }] : [];
  return step({ ...state, alreadyInBattle: null, retryAt: now + MATCHMAKING_RETRY_MS }, ...effects, {
    kind: 'schedule',
    timer: { name: 'retry' },
    delayMs: MATCHMAKING_RETRY_MS,
  });
}

/** One step of the Arena: the next state and what to do about it. Pure: `now` is the device's time. */
export function arenaReducer(state: ArenaState, event: ArenaEvent, now: number): ArenaStep {
  switch (event.event) {
    case 'connect':
      // spec-b §4: back from a lost connection, rejoin the battle by id after 1 s.
      if (state.phase !== 'battle' || !state.battle || state.result) return step(state);
      return step(state, {
        kind: 'schedule',
        timer: { name: 'rejoin', battleId: state.battle.battle_id },
        delayMs: REJOIN_DELAY_MS,
      });
    case 'matchmakingStarted':
    case 'matchmakingUpdate':
    case 'matchmakingCancelled':
      return onMatchmaking(state, event, now);
    case 'battleStarted':
      return onStarted(state, event.payload, now);
    case 'battleTurnProcessed':
      return onTurn(state, event.payload, now);
    case 'pvpHealthUpdate':
      return onPvpHealth(state, event.payload, now);
    case 'battleEvent':
      return onBattleEvent(state, event.payload, now);
    case 'battleCompleted':
      return onCompleted(state, event.payload);
    case 'pvpBattleResult':
      return step(onPvpResult(state, event.payload));
    case 'waitingForOpponent':
      return step({ ...state, opponentWaiting: event.payload.waiting });
    case 'battleAutoResolve':
      return showMessage(state, event.payload.message, now);
    case 'battleActive':
      return onActive(state, event.payload);
    case 'error':
      return onError(state, event.payload, now);
    case 'timer':
      return onTimer(state, event.timer);
    case 'forfeitActive':
      return onForfeit(state, now);
    case 'backToLobby': {
      const { mode, difficulty, energy, items, pendingPvp } = state;
      return step(
        { ...initialArenaState(), mode, difficulty, energy, items, pendingPvp },
        { kind: 'cancelTimers' },
      );
    }
  }
}
