import type { Difficulty } from '@titans/shared/battle/bots';
import type {
  BattleCompletedPayload,
  BattleStartedPayload,
  BattleTarget,
  LiveEventPayload,
  MatchmakingPayload,
  PvpBattleResultPayload,
} from '@titans/shared/battle/schemas';
import { DEFAULT_BATTLE_ENERGY, MATCHMAKING_BOT_OFFER_MS } from '@titans/shared/constants';
import { t } from '../../lib/i18n/i18n.ts';
import type { DamageNumber } from './damage-numbers.ts';

/** Phases of the /fight screen. */
export type ArenaPhase = 'lobby' | 'searching' | 'battle' | 'result';

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
  /** The commentary banner (3 s) for the event that just started. */
  banner: { text: string; at: number } | null;
  combo: number;
  multiplier: number;
  lastTapAt: number;
  /** Floating damage numbers, hits close together merged (damage-numbers.ts, decisions D-UI-12). */
  floating: DamageNumber[];
  /** The best combo of your hits seen since FIGHT!; null after a reload mid-battle (not known). */
  bestCombo: number | null;
  /** Server time at which the battle's completion arrived, for the result's duration. */
  endedAt: number | null;
  /** The player skipped this battle's intro (decisions D-UI-10). */
  introSkipped: boolean;
  /** The PvP opponent skipped this battle's intro (F63: the fight starts early once both have). */
  opponentSkipped: boolean;
  /** When the player chose "Keep searching" over the bot offer (the offer returns 30 s later). */
  botOfferDismissedAt: number | null;
  /** When the server last said this player left the queue (matchmakingCancelled). */
  queueLeftAt: number | null;
  /** When each side last took damage (flash, shake). */
  yourHurtAt: number;
  opponentHurtAt: number;
  opponentWaiting: boolean;
  result: ArenaResult | null;
  /** The red banner at the top of the battle screen. */
  message: { text: string; at: number } | null;
  /** The Already in Battle! dialog, with the battle to forfeit when known. */
  alreadyInBattle: { battleId: string | null } | null;
  activeBattleId: string | null;
  /** A matchmaking request to resend after an already-in-battle error (after 5 s). */
  retryAt: number | null;
  /** A PvP result that arrived before its battle's completion, by battle id. */
  pendingPvp: Record<string, PvpBattleResultPayload>;
  /** The id of the last floating hit. */
  floatingSeq: number;
}

export function initialArenaState(): ArenaState {
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
    pendingPvp: {},
    floatingSeq: 0,
    bestCombo: 0,
    endedAt: null,
    introSkipped: false,
    opponentSkipped: false,
    botOfferDismissedAt: null,
    queueLeftAt: null,
  };
}

/**
 * Whether the search screen offers a bot now (decisions D-BATTLE-7): the server says so, and the
 * player did not choose "Keep searching" in the last 30 s.
 */
export function botOfferShown(state: ArenaState, now: number): boolean {
  if (state.phase !== 'searching' || !state.queue?.bot_offer) return false;
  return state.botOfferDismissedAt === null || now - state.botOfferDismissedAt >= MATCHMAKING_BOT_OFFER_MS;
}

const EVENT_BANNERS: Record<LiveEventPayload['kind'], string> = {
  get frenzy() {
    return t('arenaState.frenzyMode');
  },
  get critical() {
    return t('arenaState.criticalHits');
  },
  get powerUp() {
    return t('arenaState.powerUp');
  },
  get danger() {
    return t('arenaState.dangerZone');
  },
};

export function eventBanner(kind: LiveEventPayload['kind']) {
  return EVENT_BANNERS[kind];
}
