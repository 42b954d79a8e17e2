/**
 * Every number of the game in one place. Each constant points to the spec line it reproduces
 * (`spec-a` = shell-economy-tasks-profile.md, `spec-b` = battle-marketplace.md) or to the entry
 * in docs/decisions.md that chose it where the spec is silent.
 */

// --- Identity -------------------------------------------------------------------------------

/** The development test user ("a fixed test user whose id is 00000002"). */
export const DEV_TELEGRAM_USER_ID = '00000002';
/** Default freshness limit of signed init data (decisions: D-AUTH-1). */
export const DEFAULT_AUTH_MAX_AGE_SECONDS = 24 * 60 * 60;
/** Init data dated further in the future than this is refused: clocks skew, data does not (D-AUTH-5). */
export const AUTH_MAX_FUTURE_SKEW_SECONDS = 5 * 60;
/** A request must arrive whole (headers and body) within this by default (D-HTTP-1). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

// --- Client shell -----------------------------------------------------------------------------

/** Requests time out after 8 s and are retried once. */
export const REQUEST_TIMEOUT_MS = 8_000;
export const REQUEST_RETRIES = 1;
/** Requests slower than 500 ms are logged as slow. */
export const SLOW_REQUEST_MS = 500;
/** Cache lifetimes per read. */
export const CACHE_30S = 30_000;
export const CACHE_60S = 60_000;
export const CACHE_2MIN = 120_000;
export const CACHE_5MIN = 300_000;
/** Character list page size. */
export const CHARACTER_PAGE_SIZE = 100;
/** Loading bar +5 per 100 ms, capped at 95. */
export const LOADING_BAR_STEP = 5;
export const LOADING_BAR_INTERVAL_MS = 100;
export const LOADING_BAR_CAP = 95;
/** Toast default 3 s. */
export const TOAST_MS = 3_000;
/** The banner ad slot is 50 px high. */
export const AD_SLOT_HEIGHT_PX = 50;
/** Default background. */
export const DEFAULT_BACKGROUND_URL = '/background.png';
/** What the web app draws for the default background: the same picture as WebP, 21 KB instead of 452 KB (D-WEB-14). */
export const DEFAULT_BACKGROUND_PICTURE = '/background.webp';
/** Sound defaults (music 0.5, master 0.7, effects 0.5). */
export const DEFAULT_MUSIC_VOLUME = 0.5;
export const DEFAULT_SFX_VOLUME = 0.5;
export const DEFAULT_MASTER_VOLUME = 0.7;

// --- Realtime socket ------------------------------------------------------

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

/** Tap lock 50 ms: at most 20 taps per second per user, across all devices. */
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

/** Combo: reset after 1.5 s; badge at 5, COMBO! at 10 with a 10% bonus, SUPER COMBO! at 20. */
export const COMBO_RESET_MS = 1_500;
export const COMBO_BADGE_AT = 5;
export const COMBO_BONUS_AT = 10;
export const COMBO_BONUS_PERCENT = 10;
export const COMBO_SUPER_AT = 20;
/** Floating tap values 1.5 s, sparks 1 s. */
export const FLOATING_VALUE_MS = 1_500;
export const SPARK_MS = 1_000;
/** A tap within this of the latest value's last tap adds to it, their sum (W7, D-WEB-15). */
export const FLOATING_MERGE_WINDOW_MS = 150;
/** A value takes taps for at most this long after its first, so a steady stream starts new ones (W7, D-WEB-15). */
export const FLOATING_MERGE_SPAN_MS = 500;
/** Every floating value rises at this one speed, so values that start apart stay apart (W7, D-WEB-15). */
export const FLOATING_RISE_PX_PER_S = 100;
/** A value always rises at least this far before the combo banner; it starts that far under it (W7, W8). */
export const FLOATING_MIN_RISE_PX = 48;
/** From this many taps in the last second the tapping is dense: values live shorter and draw smaller (D-WEB-15). */
export const FLOATING_DENSE_TAPS_PER_SECOND = 6;
/** How long a floating value lives while the tapping is dense (D-WEB-15). */
export const FLOATING_VALUE_DENSE_MS = 800;
/** Size of a floating value while the tapping is dense, relative to a lone tap's (D-WEB-15). */
export const FLOATING_VALUE_DENSE_SCALE = 0.78;

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

// --- Characters (defaults) ---------------------------------------------------

export const DEFAULT_HEALTH = 100;
export const DEFAULT_ATTACK = 10;
export const DEFAULT_DEFENSE = 5;
export const DEFAULT_SPEED = 5;
export const DEFAULT_LEVEL = 1;
export const DEFAULT_EXPERIENCE_NEEDED = 100;

// --- Titans Emporium (decisions: D-SHOP-*) -------------------------------------

/** Marketplace items per fetch: 50 (the default `limit` of GET /marketplace/items). */
export const MARKETPLACE_PAGE_SIZE = 50;
/** The largest `limit` GET /marketplace/items accepts (decisions: D-SHOP-4). */
export const MARKETPLACE_PAGE_MAX = 100;
/** Characters grid cap: at most 9 characters in the marketplace grid. */
export const MARKETPLACE_CHARACTER_CAP = 9;
/** Search debounce: 500 ms after typing stops, only for non-blank text. */
export const MARKETPLACE_SEARCH_DEBOUNCE_MS = 500;
/** How long a bought booster's effect lasts (decisions: D-SHOP-2). */
export const BOOSTER_DURATION_MS = 30 * 60 * 1_000;

// --- Referrals ---------------------------------------------------------------------

export const REFERRAL_BANNER_TOKENS = 2_500;
export const REFERRAL_UPGRADED_REWARD = 5_000;
export const REFERRAL_UPGRADE_PRICE_STARS = 500;
export const REFERRAL_DISPLAY_FALLBACK = 2_000;
/** What an inviter earns per friend before the upgrade: the banner's 2500 tokens (decisions: D-REF-2). */
export const REFERRAL_INVITER_REWARD = REFERRAL_BANNER_TOKENS;
/** What the invited friend gets when their reward is paid (decisions: D-REF-2). */
export const REFERRAL_FRIEND_REWARD = 2_500;
/** Referral link format: the start parameter is buddies_ followed by the code. */
export const REFERRAL_START_PREFIX = 'buddies_';
/** The Copied label shows for 2 s; the upgrade message auto-dismisses after 5 s. */
export const COPIED_LABEL_MS = 2_000;
export const REFERRAL_MESSAGE_MS = 5_000;
/** Friends listed on the referral screen, newest first (decisions: D-REF-3). */
export const REFERRAL_LIST_LIMIT = 200;

// --- Leaderboard -------------------------------------------------------

/** Podium 3, list 6 (decisions: D-LB-2: the list is the six after the podium). */
export const LEADERBOARD_PODIUM = 3;
export const LEADERBOARD_LIST_ROWS = 6;
/** Rows GET /leaderboard answers (decisions: D-LB-1). */
export const LEADERBOARD_SIZE = 100;
/** Default interval of the leaderboard snapshot refresh (decisions: D-LB-1). */
export const DEFAULT_LEADERBOARD_REFRESH_SECONDS = 30;

// --- Uploads (decisions: D-UPLOAD-1) -----------------------------------------------------------

export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
/** Uploads one player may make in any hour (decisions: D-UPLOAD-2). */
export const UPLOADS_PER_PLAYER_PER_HOUR = 20;
/** Bytes of uploads one player may keep at once (D-UPLOAD-2). */
export const UPLOAD_PLAYER_QUOTA_BYTES = 20 * 1024 * 1024;
/** Default uploads of all players together in any hour; UPLOADS_PER_HOUR_TOTAL overrides it (D-UPLOAD-2). */
export const DEFAULT_UPLOADS_PER_HOUR_TOTAL = 1_000;
/** Uploads streaming to disk at once, server-wide (D-UPLOAD-2). */
export const UPLOADS_IN_FLIGHT_MAX = 16;
/** An upload nothing refers to is deleted this long after it arrived, by an hourly sweep (D-UPLOAD-3). */
export const UPLOAD_UNREFERENCED_GRACE_MS = 24 * 60 * 60_000;
export const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60_000;

// --- Faults and long uptime (decisions: D-DB-1, D-WAL-1, D-BOUND-1) ----------------------------

/** A PostgreSQL connection attempt gives up after this long (decisions: D-DB-1). */
export const DATABASE_CONNECT_TIMEOUT_MS = 5_000;
/** Retries of a connection or a statement that cannot have applied, with backoff 100, 200, 400 ms (D-DB-1). */
export const DATABASE_RETRY_ATTEMPTS = 3;
export const DATABASE_RETRY_BASE_MS = 100;
/** PGlite has no checkpointer: pg_wal is checked this often (decisions: D-WAL-1)… */
export const PGLITE_WAL_CHECK_INTERVAL_MS = 10_000;
/** …and a CHECKPOINT runs once this much was written since the last, or after PGLITE_CHECKPOINT_MAX_INTERVAL_MS (D-WAL-1). */
export const PGLITE_WAL_CHECKPOINT_BYTES = 32 * 1024 * 1024;
export const PGLITE_CHECKPOINT_MAX_INTERVAL_MS = 5 * 60_000;
/** The whole data folder's size (/metrics `storage.dataBytes`) is measured at most this often (D-WAL-1). */
export const PGLITE_DATA_SIZE_INTERVAL_MS = 60_000;
/** A player's batch numbers are kept for their most recent clients only (decisions: D-BOUND-1). */
export const MAX_CLIENT_IDS_PER_PLAYER = 16;
/** Sockets one player may hold open; a newer one closes the oldest (decisions: D-BOUND-2). */
export const MAX_SOCKETS_PER_PLAYER = 5;
/** How often each server process looks for bans and unbans made elsewhere (decisions: D-BAN-1). */
export const BAN_POLL_INTERVAL_MS = 500;

/** Messages one socket may send per second, sustained, and in a burst (decisions: D-SOCKET-2). */
export const DEFAULT_SOCKET_MESSAGES_PER_SECOND = 40;
export const DEFAULT_SOCKET_MESSAGE_BURST = 80;
/** A socket refused in this many distinct seconds within 10 s is disconnected (D-SOCKET-2). */
export const DEFAULT_SOCKET_FLOOD_DISCONNECT_SECONDS = 3;

// --- Stars -----------------------------------------------

/** Invoices are in Telegram Stars. */
export const STARS_INVOICE_CURRENCY = 'XTR';
/** A crypto transaction hash has at least 10 characters. */
export const CRYPTO_HASH_MIN_LENGTH = 10;
/** Processing shows for 1 s before the crypto purchase call. */
export const CRYPTO_CONFIRM_DELAY_MS = 1_000;
/** The success dialog shows a longer hash as its first 6 and last 6 characters. */
export const CRYPTO_HASH_DISPLAY_EDGE = 6;
export const CRYPTO_HASH_DISPLAY_MAX = 13;
/** The order reference TG-ORDER-{userId}-{timestamp}. */
export const STARS_ORDER_PREFIX = 'TG-ORDER';
/** The comment a TON payment carries, TON-ORDER-{userId}-{timestamp} (decisions: D-STARS-4). */
export const TON_ORDER_PREFIX = 'TON-ORDER';
/** Latest wallet transactions searched for an order's comment after a TON Connect send (D-STARS-4). */
export const TON_RECENT_LOOKUP = 50;
/** How often and how long the web app asks whether a TON Connect payment arrived (D-STARS-4). */
export const TON_CHECK_INTERVAL_MS = 3_000;
export const TON_CHECK_WAIT_MS = 120_000;
/** How long the web app waits for the server to record a paid invoice (decisions: D-STARS-2). */
export const STARS_PAYMENT_WAIT_MS = 30_000;
/** Transactions listed at most (decisions: D-STARS-6). */
export const TRANSACTIONS_LIMIT = 100;
// --- Quest Board: tasks, quizzes, daily rewards, games, Play & Earn (decisions D-QUEST-*) ---

/** An external task completes after at least 10 s (the server's clock, Q2). */
export const DEFAULT_EXTERNAL_TASK_SECONDS = 10;
/** The tracking call's own default required time, 3 s (reported in its metadata only). */
export const TRACKING_DEFAULT_REQUIRED_SECONDS = 3;
/** Quiz progress is kept 7 days. */
export const QUIZ_PROGRESS_RETENTION_DAYS = 7;
/** Daily rewards cap at day 30; 3 day cards; a 7-day strip. */
export const DAILY_REWARD_CAP_DAY = 30;
export const DAILY_DAY_CARDS = 3;
export const DAILY_STRIP_DAYS = 7;
/** Games, 10 requested per page. Next needs a full page (decisions: D-QUEST-5). */
export const GAMES_PAGE_SIZE = 10;
/** The server caches each feed page this long and waits at most this long for the whole answer (D-QUEST-5). */
export const GAMES_FEED_CACHE_MS = 5 * 60_000;
export const GAMES_FEED_TIMEOUT_MS = 5_000;
/** Coins for one rewarded ad the network confirmed, and how many a UTC day (D-QUEST-6). */
export const AD_REWARD_COINS = 250;
export const AD_REWARDS_PER_DAY = 10;
/** A started ad view waits this long for the network's reward callback (D-QUEST-6). */
export const AD_VIEW_TTL_MS = 15 * 60_000;
/**
 * Ad views one player may start in a UTC day, Play & Earn and video recoveries together: a bound
 * on stored rows, far above the rewards a day can bring (rules Q8, decisions D-QUEST-8).
 */
export const AD_VIEWS_PER_DAY = 50;
/** "A video recovery after defeat adds 2500 coins", once per defeat (rules Q9, D-QUEST-9). */
export const VIDEO_RECOVERY_COINS = 2_500;
/** The most of the game feed's answer the server reads; a longer answer is abandoned (D-QUEST-5). */
export const GAMES_FEED_MAX_BYTES = 256 * 1024;
// --- Input hardening and rate limits (decisions: D-HARDEN-1, D-HARDEN-2) -------------------------

/** The longest string any route or socket event accepts anywhere in its input (D-HARDEN-1). */
export const MAX_EDGE_STRING_LENGTH = 4_096;
/** The deepest nesting of objects and arrays accepted in a body or socket payload (D-HARDEN-1). */
export const MAX_EDGE_DEPTH = 32;
/** The longest header value the server reads (init data in `Authorization`) (D-HARDEN-1). */
export const MAX_HEADER_LENGTH = 8_192;
/** Longest id (catalogue ids, object keys) (D-HARDEN-1). */
export const MAX_ID_LENGTH = 100;
/** Longest free text a player may send (names, messages) (D-HARDEN-1). */
export const MAX_TEXT_LENGTH = 256;
/** Longest URL or picture path a player may name (D-HARDEN-1). */
export const MAX_URL_LENGTH = 2_048;
/** Stored lengths of init data fields: Telegram names are at most 64 characters, usernames 32 (D-HARDEN-1). */
export const MAX_NAME_LENGTH = 64;

/** REST rate-limit window and the calls one player may make in it, per kind (D-HARDEN-2). */
export const DEFAULT_RATE_LIMIT_WINDOW_SECONDS = 10;
export const DEFAULT_RATE_LIMIT_READS = 300;
export const DEFAULT_RATE_LIMIT_WRITES = 100;
export const DEFAULT_RATE_LIMIT_PURCHASES = 40;
/** Calls one address may make per window, all players behind it together (D-HARDEN-2). */
export const DEFAULT_RATE_LIMIT_ADDRESS = 1_500;
/** Socket messages one player may send across all their sockets (D-HARDEN-2). */
export const DEFAULT_SOCKET_PLAYER_MESSAGES_PER_SECOND = 80;
export const DEFAULT_SOCKET_PLAYER_MESSAGE_BURST = 160;
// --- Arena: arena-constants.ts, plus the two numbers it takes from the sections above ---------

export * from './arena-constants.ts';

/** Taps a player may land per second in a battle: the tap lock (decisions D-BATTLE-5). */
export const MAX_BATTLE_TAPS_PER_SECOND = MAX_TAPS_PER_SECOND;
/** Character experience: 100 XP for level 1 → 2, then × 1.5 per level (decisions D-BATTLE-8). */
export const XP_LEVEL_BASE = DEFAULT_EXPERIENCE_NEEDED;

// Bot reminders (docs/rules.md BR1–BR13, decisions D-REMIND-*).
/** At most this many reminders reach one player in any 24 hours; later ones are dropped (BR3). */
export const REMINDER_MAX_PER_DAY = 3;
/** No reminder between these local hours; one due then waits for the morning (BR4). */
export const REMINDER_QUIET_START_HOUR = 22;
export const REMINDER_QUIET_END_HOUR = 8;
/** Bot messages per second across the whole cluster, Telegram's broadcast limit (BR9, D-REMIND-2). */
export const DEFAULT_REMINDER_RATE_PER_SECOND = 30;
/** Telegram's limit for one chat: one message a second (BR9). */
export const REMINDER_CHAT_INTERVAL_MS = 1_000;
/** A sender's hold on the rows it took; after it another process takes them (BR8, D-REMIND-1). */
export const REMINDER_LEASE_MS = 15_000;
/** Transient failures (5xx, network) are retried this many times, then the reminder fails (BR9). */
export const REMINDER_MAX_ATTEMPTS = 5;
/** Energy that refills sooner than this after the player leaves is not worth a message (BR10). */
export const REMINDER_MIN_ENERGY_WAIT_MS = 3 * 60_000;
