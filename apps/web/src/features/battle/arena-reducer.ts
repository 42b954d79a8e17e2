import type {
  BattleActivePayload,
  BattleCompletedPayload,
  BattleEventPayload,
  BattleStartedPayload,
  BattleTurnProcessedPayload,
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
import { t } from '../../lib/i18n/i18n.ts';
import type { BattleMessage } from '../../lib/realtime/battle-channel.ts';
import { applyHits } from './arena-hits.ts';
import { type ArenaState, eventBanner, initialArenaState } from './arena-state.ts';

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
  | { kind: 'skipIntro'; battleId: string }
  | { kind: 'retryMatchmaking' };

/**
 * What the Arena reacts to: the server's messages, its own timers, and the player's Forfeit,
 * Continue, Skip (the intro, D-UI-10) and Keep searching (the bot offer, D-BATTLE-7).
 */
export type ArenaEvent =
  | BattleMessage
  | { event: 'timer'; timer: ArenaTimer }
  | { event: 'forfeitActive' }
  | { event: 'backToLobby' }
  | { event: 'skipIntro' }
  | { event: 'keepSearching' };

export interface ArenaStep {
  state: ArenaState;
  effects: ArenaEffect[];
}

/**
 * The player's own cancel carries no code, only the spec's words, which the server sends as they
 * are and nobody shows (D-WIRE-2). The bot offer is a field (`bot_offer`), never a banner.
 */
const MATCHMAKING_CANCELLED = () => t('arenaReducer.matchmakingCancelled');
/** How long after leaving the queue a late `matchmakingUpdate` is taken as one sent before. */
const QUEUE_SETTLE_MS = 2_000;

const step = (state: ArenaState, ...effects: ArenaEffect[]): ArenaStep => ({ state, effects });

/** The red banner of the battle screen, cleared after TOAST_MS. */
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

function onStarted(state: ArenaState, payload: BattleStartedPayload, now: number): ArenaStep {
  const remaining = payload.live.fight_starts_at - payload.live.server_now;
  // A rejoin of the battle on screen keeps what this page saw of it; after a reload it is unknown.
  const same = state.battle?.battle_id === payload.battle_id;
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
    bestCombo: same ? state.bestCombo : payload.rejoined ? null : payload.live.combo,
    endedAt: null,
    introSkipped: same && state.introSkipped,
    opponentSkipped: same && state.opponentSkipped,
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
    case 'introSkip':
      // F62, F63: the server's times after a skip; FIGHT! is earlier once every player skipped.
      return step({
        ...state,
        battle: {
          ...state.battle,
          live: { ...state.battle.live, fight_starts_at: payload.fight_starts_at, ends_at: payload.ends_at },
        },
        introSkipped: state.introSkipped || payload.you,
        opponentSkipped: payload.opponent,
      });
  }
}

const RESULT_FEEDBACK: Record<BattleCompletedPayload['result'], ArenaEffect[]> = {
  victory: [
    { kind: 'haptic', haptic: 'success' },
    { kind: 'sound', sound: 'victory' },
  ],
  defeat: [
    { kind: 'haptic', haptic: 'error' },
    { kind: 'sound', sound: 'defeat' },
  ],
  draw: [{ kind: 'haptic', haptic: 'warning' }],
};

function onPvpResult(state: ArenaState, payload: PvpBattleResultPayload): ArenaState {
  if (state.result && state.result.completed.battle_id === payload.battle_id)
    return { ...state, result: { ...state.result, pvp: payload } };
  return { ...state, pendingPvp: { ...state.pendingPvp, [payload.battle_id]: payload } };
}

function onCompleted(state: ArenaState, payload: BattleCompletedPayload, now: number): ArenaStep {
  if (state.battle && payload.battle_id !== state.battle.battle_id) return step(state);
  const { [payload.battle_id]: early = null, ...pendingPvp } = state.pendingPvp;
  const pvp = early ?? (state.result?.completed.battle_id === payload.battle_id ? state.result.pvp : null);
  const next: ArenaState = {
    ...state,
    result: { completed: payload, pvp },
    endedAt: now + state.clockOffset,
    target: null,
    activeBattleId: null,
    pendingPvp,
  };
  // The result shows 1 s after completion; haptics per result.
  const feedback = RESULT_FEEDBACK[payload.result];
  return step(next, ...feedback, {
    kind: 'schedule',
    timer: { name: 'result', battleId: payload.battle_id },
    delayMs: RESULT_DELAY_MS,
  });
}

/** `error` from the server: the Arena's refusals carry a battle/* code. */
function onError(state: ArenaState, error: ErrorPayload, now: number): ArenaStep {
  if (error.code === 'battle/already-in-battle') {
    // Cancel this attempt, offer Forfeit Match, retry after 5 s.
    return step({
      ...state,
      alreadyInBattle: { battleId: state.activeBattleId },
      phase: state.phase === 'searching' ? 'lobby' : state.phase,
    });
  }
  if (!error.code?.startsWith('battle/')) return step(state);
  const next: ArenaState = state.phase === 'searching' ? { ...state, phase: 'lobby' } : state;
  return showMessage(next, error.message || t('arenaReducer.somethingWentWrong'), now);
}

function onActive(state: ArenaState, active: BattleActivePayload, now: number): ArenaStep {
  const next = { ...state, activeBattleId: active.battle_id };
  // Queued, with no battle yet (a reload, or Start pressed while the search runs): the search
  // screen with Cancel Matchmaking, never Already in Battle!'s Forfeit Match.
  if (active.in_queue && !active.battle_id && state.phase === 'lobby')
    return step({ ...next, phase: 'searching', searchStartedAt: now, alreadyInBattle: null });
  // A reloaded app (or a second device) picks its battle up again.
  const rejoin =
    active.battle_id && (state.phase === 'lobby' || state.phase === 'battle') && !state.alreadyInBattle;
  return rejoin && active.battle_id ? step(next, { kind: 'rejoin', battleId: active.battle_id }) : step(next);
}

function onTurn(state: ArenaState, turn: BattleTurnProcessedPayload, now: number): ArenaStep {
  if (turn.battle_id !== state.battle?.battle_id) return step(state);
  const hit = applyHits(
    state,
    turn.hit,
    turn.earlier_hits,
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
  const hit = applyHits(
    state,
    update.hit,
    update.earlier_hits,
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
      return step({
        ...state,
        phase: 'searching',
        queue: message.payload,
        searchStartedAt: now,
        botOfferDismissedAt: null,
      });
    case 'matchmakingUpdate': {
      // Queued while this screen shows the lobby (a second screen, or the Arena's code loaded after
      // the server said so): the search, with Cancel Matchmaking. Not just after a cancel, when
      // an update sent before it may still arrive.
      const resume =
        state.phase === 'lobby' &&
        !state.alreadyInBattle &&
        (state.queueLeftAt === null || now - state.queueLeftAt > QUEUE_SETTLE_MS);
      const next: ArenaState = { ...state, queue: message.payload };
      return step(resume ? { ...next, phase: 'searching', searchStartedAt: now } : next);
    }
    case 'matchmakingCancelled': {
      const left = { ...state, queueLeftAt: now };
      const next: ArenaState = state.phase === 'searching' ? { ...left, phase: 'lobby', queue: null } : left;
      return message.payload.message === MATCHMAKING_CANCELLED()
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
      // Back from a lost connection, rejoin the battle by id after 1 s.
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
    case 'matchFound':
    case 'matchCancelled':
      // The ready check is the app shell's dialog (ready-check-store.ts); a requeued search goes on.
      return step(state);
    case 'battleStarted':
      return onStarted(state, event.payload, now);
    case 'battleTurnProcessed':
      return onTurn(state, event.payload, now);
    case 'pvpHealthUpdate':
      return onPvpHealth(state, event.payload, now);
    case 'battleEvent':
      return onBattleEvent(state, event.payload, now);
    case 'battleCompleted':
      return onCompleted(state, event.payload, now);
    case 'pvpBattleResult':
      return step(onPvpResult(state, event.payload));
    case 'waitingForOpponent':
      return step({ ...state, opponentWaiting: event.payload.waiting });
    case 'battleAutoResolve':
      return showMessage(state, event.payload.message, now);
    case 'battleActive':
      return onActive(state, event.payload, now);
    case 'error':
      return onError(state, event.payload, now);
    case 'timer':
      return onTimer(state, event.timer);
    case 'forfeitActive':
      return onForfeit(state, now);
    case 'skipIntro':
      if (state.phase !== 'battle' || !state.battle || state.introSkipped) return step(state);
      return step({ ...state, introSkipped: true }, { kind: 'skipIntro', battleId: state.battle.battle_id });
    case 'keepSearching':
      return step({ ...state, botOfferDismissedAt: now });
    case 'backToLobby': {
      const { mode, difficulty, energy, items, pendingPvp } = state;
      return step(
        { ...initialArenaState(), mode, difficulty, energy, items, pendingPvp },
        { kind: 'cancelTimers' },
      );
    }
  }
}
