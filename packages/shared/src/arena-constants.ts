/**
 * The Arena's numbers (rules F*, BAL*; decisions D-BATTLE-*, D-BALANCE-*), re-exported by
 * constants.ts so every import of the game's numbers stays one module.
 */

// --- Battle and marketplace -------------------------------------------------------

export const MIN_COINS_TO_BATTLE = 5_000;
export const MAX_EQUIPPED_ITEMS = 3;

// --- Arena (decisions D-BATTLE-*) ---------------------------------------------

/** The coin reward (victory or draw) or penalty (defeat) of a battle: the prize. */
export const BATTLE_COIN_REWARD = 5_000;
/**
 * The stake a player puts in when a battle starts, held until it settles (at least 5000
 * coins; decisions D-BATTLE-13): a defeat keeps it, a win or draw returns it, a void returns it.
 */
export const BATTLE_STAKE = MIN_COINS_TO_BATTLE;
/**
 * PF4 (decisions D-PRACTICE-1): the first-win reward of the practice fight, paid once per account.
 * With the starting 0 coins (D-ECON-1) and 10 coins a tap, the first 5,000 stake is 200 taps away.
 */
export const PRACTICE_FIRST_WIN_REWARD = 3_000;
/** Hits a side must land to earn a prize or experience: no pay for no play (D-BATTLE-14). */
export const BATTLE_MIN_HITS_TO_EARN = 5;
/** Default energy to spend, and the energy dialog's maximum. */
export const DEFAULT_BATTLE_ENERGY = 10;
export const MAX_BATTLE_ENERGY = 3_000;
/** Rematch difficulty. */
export const REMATCH_DIFFICULTY = 'medium';
/** Default player health. */
export const DEFAULT_BATTLE_HEALTH = 4_000;
/** Bot stat randomisation, health ± 10 and other stats ± 2. */
export const BOT_HEALTH_JITTER = 10;
export const BOT_STAT_JITTER = 2;
/** Bot setup delay ("Preparing Battle" spinner) before a bot battle's intro. */
export const BOT_SETUP_DELAY_MS = 2_000;
/**
 * Intro timing: 1.5 s, 2 s, 2 s, 3-2-1 (1 s each), FIGHT 0.8 s, then 1.5 s before the
 * live battle. Targets and bot attacks start after it (decisions: D-BATTLE-2).
 */
export const INTRO_STEPS_MS = [1_500, 2_000, 2_000, 1_000, 1_000, 1_000, 800, 1_500] as const;
export const BATTLE_INTRO_MS = INTRO_STEPS_MS.reduce((sum, step) => sum + step, 0);
/** A target lives 5 s and the next one appears 200 ms after it goes. */
export const TARGET_LIFETIME_MS = 5_000;
export const TARGET_RESPAWN_MS = 200;
/** Target size 50–80 (critical and frenzy smaller: 36–48, decisions D-BATTLE-4). */
export const TARGET_SIZE_MIN = 50;
export const TARGET_SIZE_MAX = 80;
export const SMALL_TARGET_SIZE_MIN = 36;
export const SMALL_TARGET_SIZE_MAX = 48;
/** Targets spawn at least 140 px from the centre of the arena. */
export const TARGET_MIN_DISTANCE = 140;
/** The arena's fixed coordinate space the server places targets in; clients scale it (D-BATTLE-4). */
export const ARENA_WIDTH = 400;
export const ARENA_HEIGHT = 520;
/** Combo: taps within 2.5 s; 1.5x at 3, 2x at 5, 3x at 10. */
export const BATTLE_COMBO_WINDOW_MS = 2_500;
export const BATTLE_COMBO_STEPS = [
  { at: 10, multiplier: 3 },
  { at: 5, multiplier: 2 },
  { at: 3, multiplier: 1.5 },
] as const;
/** Live events: first after 8 s; then every 8–15 s with 80 %; each lasts 5–10 s. */
export const EVENT_FIRST_AFTER_MS = 8_000;
export const EVENT_INTERVAL_MIN_MS = 8_000;
export const EVENT_INTERVAL_MAX_MS = 15_000;
export const EVENT_CHANCE = 0.8;
export const EVENT_DURATION_MIN_MS = 5_000;
export const EVENT_DURATION_MAX_MS = 10_000;
/** Target values and chances per live event. */
export const FRENZY_TARGET_VALUE = 2;
export const CRITICAL_TARGET_CHANCE = 0.3;
export const CRITICAL_TARGET_VALUE = 3;
export const POWER_UP_TARGET_CHANCE = 0.4;
export const POWER_UP_TARGET_VALUE = 2;
export const DANGER_TARGET_VALUE = 2;
/** Commentary banner 3 s, damage flash 300 ms, tap animation 500 ms, hint hidden after 5 s. */
export const COMMENTARY_BANNER_MS = 3_000;
export const DAMAGE_FLASH_MS = 300;
export const TAP_ANIMATION_MS = 500;
export const BATTLE_HINT_MS = 5_000;
/** Result shown 1 s after completion; confetti 3 s; decision countdown 10 s. */
export const RESULT_DELAY_MS = 1_000;
export const CONFETTI_MS = 3_000;
export const DECISION_COUNTDOWN_MS = 10_000;
/** After an "already in a battle" error the client retries matchmaking after 5 s. */
export const MATCHMAKING_RETRY_MS = 5_000;
/** After returning from background, re-initialise and rejoin after 1 s. */
export const REJOIN_DELAY_MS = 1_000;
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
/** A found PvP match waits this long for both players to accept before it is called off (F51, D-BATTLE-21). */
export const READY_CHECK_MS = 10_000;
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
/**
 * BAL3 (decisions D-BALANCE-2): every hit (a landed tap, a bot's attack) is a super attack with a
 * chance of the attacker's speed × this (speed 65: 26 %), capped; a super attack deals this many
 * times the hit's damage.
 */
export const SUPER_ATTACK_CHANCE_PER_SPEED = 0.004;
export const SUPER_ATTACK_MAX_CHANCE = 0.6;
export const SUPER_ATTACK_MULTIPLIER = 2;
/**
 * BAL1 (decisions D-BALANCE-1): the free heroes' one budget. Attack + defence is the same for all;
 * health × (1 + speed × SUPER_ATTACK_CHANCE_PER_SPEED) is the same within the tolerance (speed
 * buys super attacks with health).
 */
export const FREE_HERO_ATTACK_DEFENSE = 138;
export const FREE_HERO_POWER = 5_040;
export const FREE_HERO_POWER_TOLERANCE = 20;
/**
 * BAL2 (decisions D-BALANCE-1): a paid hero is at least a free one on both budgets, and its attack +
 * defence lies in its rarity's band (inclusive), so rarer costs more and fights harder.
 */
export const PAID_HERO_ATTACK_DEFENSE = {
  uncommon: [138, 160],
  rare: [155, 175],
  epic: [175, 195],
  legendary: [195, 215],
} as const;
/**
 * BAL5 (decisions D-BALANCE-4): the energy spent on a battle beyond the entry's default 10
 * buys starting health: one point per ENERGY_PER_BONUS_HEALTH energy.
 */
export const BATTLE_ENTRY_ENERGY = DEFAULT_BATTLE_ENERGY;
export const ENERGY_PER_BONUS_HEALTH = 2;
