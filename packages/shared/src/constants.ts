/**
 * Every number of the game in one place. Each constant points to the spec line it reproduces
 * (`spec-a` = shell-economy-tasks-profile.md, `spec-b` = battle-marketplace.md) or to the entry
 * in docs/decisions.md that chose it where the spec is silent.
 */

// --- Identity -------------------------------------------------------------------------------

/** The development test user (spec-a §1: "a fixed test user whose id is 00000002"). */
export const DEV_TELEGRAM_USER_ID = '00000002';
/** Default freshness limit of signed init data (decisions: D-AUTH-1). */
export const DEFAULT_AUTH_MAX_AGE_SECONDS = 24 * 60 * 60;

// --- Client shell -----------------------------------------------------------------------------

/** spec-a §7: requests time out after 8 s and are retried once. */
export const REQUEST_TIMEOUT_MS = 8_000;
export const REQUEST_RETRIES = 1;
/** spec-a §8: requests slower than 500 ms are logged as slow. */
export const SLOW_REQUEST_MS = 500;
/** spec-a §9: cache lifetimes per read. */
export const CACHE_30S = 30_000;
export const CACHE_60S = 60_000;
export const CACHE_2MIN = 120_000;
export const CACHE_5MIN = 300_000;
/** spec-a §9: character list page size. */
export const CHARACTER_PAGE_SIZE = 100;
/** spec-a §9: loading bar +5 per 100 ms, capped at 95. */
export const LOADING_BAR_STEP = 5;
export const LOADING_BAR_INTERVAL_MS = 100;
export const LOADING_BAR_CAP = 95;
/** spec-a §9: toast default 3 s. */
export const TOAST_MS = 3_000;
/** spec-a §2: the banner ad slot is 50 px high. */
export const AD_SLOT_HEIGHT_PX = 50;
/** spec-a §9: default background. */
export const DEFAULT_BACKGROUND_URL = '/background.png';
/** spec-a §9: sound defaults (music 0.5, master 0.7, effects 0.5). */
export const DEFAULT_MUSIC_VOLUME = 0.5;
export const DEFAULT_SFX_VOLUME = 0.5;
export const DEFAULT_MASTER_VOLUME = 0.7;

// --- Realtime socket (spec-a §9 "Socket") ------------------------------------------------------

export const SOCKET_PATH = '/engine.io';
export const SOCKET_RECONNECT_ATTEMPTS = 5;
export const SOCKET_RECONNECT_DELAY_MS = 3_000;
export const SOCKET_RECONNECT_DELAY_MAX_MS = 10_000;
export const SOCKET_TIMEOUT_MS = 20_000;
/** Extra client backoff: min(3 s × 1.5^n, 30 s). */
export const SOCKET_BACKOFF_BASE_MS = 3_000;
export const SOCKET_BACKOFF_FACTOR = 1.5;
export const SOCKET_BACKOFF_MAX_MS = 30_000;

// --- Taps -------------------------------------------------------------------------------------

/** spec-a §9 "Tap lock 50 ms": at most 20 taps per second per user, across all devices. */
export const TAP_LOCK_MS = 50;
export const MAX_TAPS_PER_SECOND = 1_000 / TAP_LOCK_MS;
/** Largest `count` one tap event may carry: one second of taps (decisions: D-TAP-2). */
export const MAX_TAPS_PER_EVENT = MAX_TAPS_PER_SECOND;
/** Seconds in a minute in which a user exceeded the cap before they are recorded for review (D-TAP-3). */
export const TAP_FLAG_SECONDS_PER_MINUTE = 5;
/** Default interval of the durable tap flusher (issue: "at most 250 ms"). */
export const DEFAULT_TAP_FLUSH_INTERVAL_MS = 200;
/** Batch numbers of a client are kept this long, far beyond any resend (decisions: D-TAP-6). */
export const TAP_SESSION_RETENTION_DAYS = 7;
/** spec: batched updates of 1000+ rows switch plans; chunks stay at or below 500. */
export const TAP_FLUSH_CHUNK_ROWS = 500;

/** spec-a §9 combo: reset after 1.5 s; badge at 5, COMBO! at 10 with a 10% bonus, SUPER COMBO! at 20. */
export const COMBO_RESET_MS = 1_500;
export const COMBO_BADGE_AT = 5;
export const COMBO_BONUS_AT = 10;
export const COMBO_BONUS_PERCENT = 10;
export const COMBO_SUPER_AT = 20;
/** spec-a §9: floating tap values 1.5 s, sparks 1 s. */
export const FLOATING_VALUE_MS = 1_500;
export const SPARK_MS = 1_000;

// --- Energy and starting values (decisions: D-ECON-1) ------------------------------------------

export const START_COINS = 0;
export const START_GEMS = 0;
export const BASE_MAX_ENERGY = 1_000;
export const ENERGY_PER_CAPACITY_LEVEL = 500;
/** Energy regenerated per second at regen level 0; each level adds ENERGY_REGEN_PER_LEVEL. */
export const BASE_ENERGY_REGEN_PER_SECOND = 3;
export const ENERGY_REGEN_PER_LEVEL = 1;
/** Tap value of a character that does not name one (decisions: D-ECON-1). */
export const DEFAULT_TAP_VALUE = 10;

// --- Boosts (decisions: D-BOOST-1) -------------------------------------------------------------

/** Free full-energy refills a day (UTC), and the wait between two of them. */
export const FREE_REFILLS_PER_DAY = 3;
export const BASE_REFILL_COOLDOWN_SECONDS = 60 * 60;
export const REFILL_COOLDOWN_REDUCTION_SECONDS = 10 * 60;
export const MIN_REFILL_COOLDOWN_SECONDS = 10 * 60;

// --- Characters (spec-a §3 and §9 defaults) ---------------------------------------------------

export const DEFAULT_HEALTH = 100;
export const DEFAULT_ATTACK = 10;
export const DEFAULT_DEFENSE = 5;
export const DEFAULT_SPEED = 5;
export const DEFAULT_LEVEL = 1;
export const DEFAULT_EXPERIENCE_NEEDED = 100;

// --- Battle and marketplace (spec-b §9) -------------------------------------------------------

export const MIN_COINS_TO_BATTLE = 5_000;
export const MAX_EQUIPPED_ITEMS = 3;

// --- Referrals (spec-a §9) ---------------------------------------------------------------------

export const REFERRAL_BANNER_TOKENS = 2_500;
export const REFERRAL_UPGRADED_REWARD = 5_000;
export const REFERRAL_UPGRADE_PRICE_STARS = 500;
export const REFERRAL_DISPLAY_FALLBACK = 2_000;

// --- Uploads (decisions: D-UPLOAD-1) -----------------------------------------------------------

export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

/** Messages one socket may send per second, sustained, and in a burst (decisions: D-SOCKET-2). */
export const DEFAULT_SOCKET_MESSAGES_PER_SECOND = 40;
export const DEFAULT_SOCKET_MESSAGE_BURST = 80;
/** A socket refused in this many distinct seconds within 10 s is disconnected (D-SOCKET-2). */
export const DEFAULT_SOCKET_FLOOD_DISCONNECT_SECONDS = 3;

// --- Arena (spec-b §4 and §9; decisions D-BATTLE-*) ---------------------------------------------

/** spec-b §9: the coin reward (victory or draw) or penalty (defeat, never below 0) of a battle. */
export const BATTLE_COIN_REWARD = 5_000;
/** spec-b §9: default energy to spend, and the energy dialog's maximum. */
export const DEFAULT_BATTLE_ENERGY = 10;
export const MAX_BATTLE_ENERGY = 3_000;
/** spec-b §9: rematch difficulty. */
export const REMATCH_DIFFICULTY = 'medium';
/** spec-b §9: default player health. */
export const DEFAULT_BATTLE_HEALTH = 4_000;
/** spec-b §9: bot stat randomisation, health ± 10 and other stats ± 2. */
export const BOT_HEALTH_JITTER = 10;
export const BOT_STAT_JITTER = 2;
/** spec-b §9: bot setup delay ("Preparing Battle" spinner) before a bot battle's intro. */
export const BOT_SETUP_DELAY_MS = 2_000;
/**
 * spec-b §4 intro timing: 1.5 s, 2 s, 2 s, 3-2-1 (1 s each), FIGHT 0.8 s, then 1.5 s before the
 * live battle. Targets and bot attacks start after it (decisions: D-BATTLE-2).
 */
export const INTRO_STEPS_MS = [1_500, 2_000, 2_000, 1_000, 1_000, 1_000, 800, 1_500] as const;
export const BATTLE_INTRO_MS = INTRO_STEPS_MS.reduce((sum, step) => sum + step, 0);
/** spec-b §9: a target lives 5 s and the next one appears 200 ms after it goes (spec-b §4). */
export const TARGET_LIFETIME_MS = 5_000;
export const TARGET_RESPAWN_MS = 200;
/** spec-b §9: target size 50–80 (critical and frenzy smaller: 36–48, decisions D-BATTLE-4). */
export const TARGET_SIZE_MIN = 50;
export const TARGET_SIZE_MAX = 80;
export const SMALL_TARGET_SIZE_MIN = 36;
export const SMALL_TARGET_SIZE_MAX = 48;
/** spec-b §9: targets spawn at least 140 px from the centre of the arena. */
export const TARGET_MIN_DISTANCE = 140;
/** The arena's fixed coordinate space the server places targets in; clients scale it (D-BATTLE-4). */
export const ARENA_WIDTH = 400;
export const ARENA_HEIGHT = 520;
/** spec-b §4/§9 combo: taps within 2.5 s; 1.5x at 3, 2x at 5, 3x at 10. */
export const BATTLE_COMBO_WINDOW_MS = 2_500;
export const BATTLE_COMBO_STEPS = [
  { at: 10, multiplier: 3 },
  { at: 5, multiplier: 2 },
  { at: 3, multiplier: 1.5 },
] as const;
/** spec-b §4/§9 live events: first after 8 s; then every 8–15 s with 80 %; each lasts 5–10 s. */
export const EVENT_FIRST_AFTER_MS = 8_000;
export const EVENT_INTERVAL_MIN_MS = 8_000;
export const EVENT_INTERVAL_MAX_MS = 15_000;
export const EVENT_CHANCE = 0.8;
export const EVENT_DURATION_MIN_MS = 5_000;
export const EVENT_DURATION_MAX_MS = 10_000;
/** spec-b §4: target values and chances per live event. */
export const FRENZY_TARGET_VALUE = 2;
export const CRITICAL_TARGET_CHANCE = 0.3;
export const CRITICAL_TARGET_VALUE = 3;
export const POWER_UP_TARGET_CHANCE = 0.4;
export const POWER_UP_TARGET_VALUE = 2;
export const DANGER_TARGET_VALUE = 2;
/** spec-b §9: commentary banner 3 s, damage flash 300 ms, tap animation 500 ms, hint hidden after 5 s. */
export const COMMENTARY_BANNER_MS = 3_000;
export const DAMAGE_FLASH_MS = 300;
export const TAP_ANIMATION_MS = 500;
export const BATTLE_HINT_MS = 5_000;
/** spec-b §9: result shown 1 s after completion; confetti 3 s; decision countdown 10 s. */
export const RESULT_DELAY_MS = 1_000;
export const CONFETTI_MS = 3_000;
export const DECISION_COUNTDOWN_MS = 10_000;
/** spec-b §4: after an "already in a battle" error the client retries matchmaking after 5 s. */
export const MATCHMAKING_RETRY_MS = 5_000;
/** spec-b §4: after returning from background, re-initialise and rejoin after 1 s. */
export const REJOIN_DELAY_MS = 1_000;
/** Taps a player may land per second in a battle: the tap lock of spec-a §9 (decisions D-BATTLE-5). */
export const MAX_BATTLE_TAPS_PER_SECOND = MAX_TAPS_PER_SECOND;
/** A live battle ends at this time after FIGHT!, decided by health left (decisions D-BATTLE-1). */
export const BATTLE_TIME_LIMIT_MS = 90_000;
/** A disconnected player has this long to rejoin before the battle is decided against them (D-BATTLE-6). */
export const BATTLE_REJOIN_GRACE_MS = 15_000;
/** Matchmaking widens the allowed strength gap by this much per second of waiting (D-BATTLE-7). */
export const MATCHMAKING_BASE_GAP = 0.1;
export const MATCHMAKING_GAP_PER_SECOND = 0.1;
/** Matchmaking pushes position and elapsed time this often (D-BATTLE-7). */
export const MATCHMAKING_UPDATE_MS = 1_000;
/** After this long without an opponent a bot match is offered: "No opponent found" (D-BATTLE-7). */
export const MATCHMAKING_BOT_OFFER_MS = 30_000;
/** Character experience: 100 XP for level 1 → 2, then × 1.5 per level (decisions D-BATTLE-8). */
export const XP_LEVEL_BASE = DEFAULT_EXPERIENCE_NEEDED;
export const XP_LEVEL_GROWTH = 1.5;
/** Experience a battle gives: victory, draw, defeat (decisions D-BATTLE-8). */
export const XP_VICTORY = 50;
export const XP_DRAW = 25;
export const XP_DEFEAT = 10;
/** Stats a character gains per level above 1 (decisions D-BATTLE-8). */
export const LEVEL_HEALTH_BONUS = 100;
export const LEVEL_ATTACK_BONUS = 3;
export const LEVEL_DEFENSE_BONUS = 3;
export const LEVEL_SPEED_BONUS = 1;
/** An item's energy_boost adds this many health points per point in battle (decisions D-BATTLE-3). */
export const ENERGY_BOOST_HEALTH_PER_POINT = 1;
