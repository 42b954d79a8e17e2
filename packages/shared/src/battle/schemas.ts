import { z } from 'zod';
import { telegramUserIdSchema } from '../auth/telegram-user-id.ts';
import { MAX_BATTLE_ENERGY } from '../constants.ts';
import { itemEffectsSchema } from '../inventory/schemas.ts';
import { LIVE_EVENT_KINDS, TARGET_KINDS } from './battle-rules.ts';
import { BOT_KINDS } from './bots.ts';

/*
 * The Arena's socket events (names fixed in docs/decisions.md D-BATTLE-9). Client payloads are strict: unknown fields are refused.
 */

const battleId = z.string().uuid();
const targetId = z.number().int().min(1).max(1_000_000);

// --- Client to server ----------------------------------------------------------------------------

/** The spec's matchmaking request: also used for bot battles (`battle_type: 'pve'`). */
export const findMatchPayloadSchema = z.strictObject({
  telegram_user_id: telegramUserIdSchema,
  battle_type: z.enum(['pvp', 'pve']),
  /** `practice` asks for the account's practice fight; the server decides whether it still has one (PF1). */
  difficulty: z.enum(BOT_KINDS).optional(),
  energy_to_spend: z.number().int().min(1).max(MAX_BATTLE_ENERGY),
  selected_character_id: z.string().min(1).max(100),
  /** Item ids; more than 3 is refused by the server with the spec's message, not by the schema. */
  equipped_items: z.array(z.string().min(1).max(100)).max(20),
});
export type FindMatchPayload = z.infer<typeof findMatchPayloadSchema>;

/** `cancelMatchmaking {}` (payload "not shown"): an object, optionally naming the caller. */
export const cancelMatchmakingPayloadSchema = z.strictObject({
  telegram_user_id: telegramUserIdSchema.optional(),
});

/** The ready check's answers (F51, D-BATTLE-21): the match they accept or decline. */
export const acceptMatchPayloadSchema = z.strictObject({ match_id: z.string().uuid() });
export const declineMatchPayloadSchema = z.strictObject({ match_id: z.string().uuid() });

/** `battleAction {battle_id, action: {type: 'attack'}}`: a tap in a bot battle. */
export const battleActionPayloadSchema = z.strictObject({
  battle_id: battleId,
  action: z.strictObject({ type: z.literal('attack') }),
  target_id: targetId.optional(),
});

/** `pvpTap {battle_id}`, plus the target tapped so a tap on a gone target does nothing. */
export const pvpTapPayloadSchema = z.strictObject({ battle_id: battleId, target_id: targetId.optional() });

export const rejoinBattlePayloadSchema = z.strictObject({ battle_id: battleId });
export const forfeitBattlePayloadSchema = z.strictObject({ battle_id: battleId });
/** The intro's Skip (F62, F63): a bot battle's fight starts at once; PvP's when both skipped. */
export const skipIntroPayloadSchema = z.strictObject({ battle_id: battleId });

// --- Server to client ----------------------------------------------------------------------------

/** A side's stats as the server sends them. */
export const battleSideStatsSchema = z.object({
  name: z.string(),
  level: z.number().int(),
  current_health: z.number().int(),
  initial_health: z.number().int(),
  power: z.number().int(),
  defense: z.number().int(),
  speed: z.number().int(),
});
export type BattleSideStats = z.infer<typeof battleSideStatsSchema>;

export const equippedItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image_url: z.string(),
  item_type: z.string(),
});
export type EquippedItem = z.infer<typeof equippedItemSchema>;

/**
 * An Emporium booster counted in the player's stats at battle start (F31, decisions D-BATTLE-12).
 * `ends_at` is when the booster itself ends (server ms); the battle keeps its effect regardless.
 */
export const battleBoosterSchema = z.object({
  item_id: z.string(),
  name: z.string(),
  effects: itemEffectsSchema,
  ends_at: z.number(),
});
export type BattleBooster = z.infer<typeof battleBoosterSchema>;

export const battleTargetSchema = z.object({
  id: z.number().int(),
  kind: z.enum(TARGET_KINDS),
  x: z.number(),
  y: z.number(),
  size: z.number(),
  value: z.number(),
  spawned_at: z.number(),
  expires_at: z.number(),
});
export type BattleTarget = z.infer<typeof battleTargetSchema>;

export const liveEventSchema = z.object({
  kind: z.enum(LIVE_EVENT_KINDS),
  started_at: z.number(),
  ends_at: z.number(),
});
export type LiveEventPayload = z.infer<typeof liveEventSchema>;

export const matchmakingPayloadSchema = z.object({
  energy_to_spend: z.number().int(),
  position: z.number().int(),
  queue_size: z.number().int(),
  message: z.string(),
  elapsed_seconds: z.number().int(),
  /**
   * The player has waited `MATCHMAKING_BOT_OFFER_MS` without an opponent: the client offers a bot
   * battle, which starts only if the player asks for one (a `pve` findMatch); the search goes on
   * meanwhile (decisions D-BATTLE-7).
   */
  bot_offer: z.boolean(),
});
export type MatchmakingPayload = z.infer<typeof matchmakingPayloadSchema>;

export const matchmakingCancelledPayloadSchema = z.object({ message: z.string() });

/**
 * A PvP opponent was found (F51, D-BATTLE-21): both players must accept before `deadline`
 * (server ms) for the battle, and its stake, to start. The opponent as the intro shows them.
 */
export const matchFoundPayloadSchema = z.object({
  match_id: z.string().uuid(),
  server_now: z.number(),
  deadline: z.number(),
  opponent: z.object({
    name: z.string(),
    level: z.number().int(),
    character: z.object({ name: z.string(), image: z.string() }),
  }),
});
export type MatchFoundPayload = z.infer<typeof matchFoundPayloadSchema>;

/**
 * A ready check that did not start a battle (F52, F53): why, in the player's words, and whether
 * this player is back in the queue (at its front) or out of it. Nobody paid anything.
 */
export const matchCancelledPayloadSchema = z.object({
  match_id: z.string().uuid(),
  reason: z.enum(['declined', 'timeout', 'left', 'opponent-declined']),
  message: z.string(),
  requeued: z.boolean(),
});
export type MatchCancelledPayload = z.infer<typeof matchCancelledPayloadSchema>;

/** The live part of a battle a (re)joining client needs to draw the arena. */
export const battleLiveSchema = z.object({
  server_now: z.number(),
  fight_starts_at: z.number(),
  ends_at: z.number(),
  target: battleTargetSchema.nullable(),
  event: liveEventSchema.nullable(),
  combo: z.number().int(),
  your_taps: z.number().int(),
  opponent_taps: z.number().int(),
  opponent_waiting: z.boolean(),
});

/** Battle start message, plus the timing and live state (decisions D-BATTLE-9). */
export const battleStartedPayloadSchema = z.object({
  battle_id: battleId,
  user_stats: battleSideStatsSchema,
  opponent_stats: battleSideStatsSchema,
  opponent_info: z.object({
    name: z.string(),
    level: z.number().int(),
    character: z.object({ name: z.string(), image: z.string() }),
    equipped_items: z.array(equippedItemSchema),
  }),
  is_pvp: z.boolean(),
  difficulty: z.enum(BOT_KINDS).nullable(),
  selected_character: z.object({ _id: z.string(), name: z.string(), image: z.string() }),
  energy: z.number().int(),
  max_energy: z.number().int(),
  equipped_items: z.array(equippedItemSchema),
  /** The receiving player's boosters already counted in `user_stats` (empty when none). */
  boosters: z.array(battleBoosterSchema),
  /** The starting health the energy spent on this battle bought (BAL5), counted in `user_stats` (F60). */
  energy_health: z.number().int().optional(),
  rejoined: z.boolean(),
  arena: z.object({ width: z.number(), height: z.number() }),
  live: battleLiveSchema,
});
export type BattleStartedPayload = z.infer<typeof battleStartedPayloadSchema>;

/** What one hit did, for the damage flash, the floating number and the combo counter. */
export const battleHitSchema = z.object({
  by: z.enum(['you', 'opponent']),
  kind: z.enum(['tap', 'bot']),
  damage: z.number().int(),
  combo: z.number().int(),
  multiplier: z.number(),
  value: z.number(),
  target_id: z.number().int().nullable(),
  super_attack: z.boolean(),
});
export type BattleHit = z.infer<typeof battleHitSchema>;

/**
 * Battle turn message. In the live tap battle every hit is a round (decisions D-BATTLE-9):
 * `round_number` counts hits, `current_round` describes this one.
 */
export const battleTurnProcessedPayloadSchema = z.object({
  battle_id: battleId,
  user_stats: battleSideStatsSchema,
  opponent_stats: battleSideStatsSchema,
  round_number: z.number().int(),
  current_round: z.object({
    result: z.enum(['hit', 'knockout']),
    user_action: z.enum(['attack', 'none']),
    opponent_action: z.enum(['attack', 'none']),
    user_damage_dealt: z.number().int(),
    opponent_damage_dealt: z.number().int(),
  }),
  hit: battleHitSchema,
  /** The bot's hits that waited for this turn message (oldest first, rules F39). */
  earlier_hits: z.array(battleHitSchema).optional(),
});
export type BattleTurnProcessedPayload = z.infer<typeof battleTurnProcessedPayloadSchema>;

/**
 * PvP health update, plus the battle id, the maxima and the hit. `earlier_hits` are the
 * opponent's hits that waited for this update (oldest first, rules F39); the health is after all.
 */
export const pvpHealthUpdatePayloadSchema = z.object({
  battle_id: battleId,
  your_health: z.number().int(),
  opponent_health: z.number().int(),
  your_taps: z.number().int(),
  opponent_taps: z.number().int(),
  your_max_health: z.number().int(),
  opponent_max_health: z.number().int(),
  hit: battleHitSchema,
  earlier_hits: z.array(battleHitSchema).optional(),
});
export type PvpHealthUpdatePayload = z.infer<typeof pvpHealthUpdatePayloadSchema>;

/** Live events and target spawn/expiry of one battle, as the receiving player sees them. */
export const battleEventPayloadSchema = z.discriminatedUnion('type', [
  z.object({ battle_id: battleId, type: z.literal('targetSpawned'), target: battleTargetSchema }),
  z.object({ battle_id: battleId, type: z.literal('targetExpired'), target_id: z.number().int() }),
  z.object({ battle_id: battleId, type: z.literal('eventStarted'), event: liveEventSchema }),
  z.object({ battle_id: battleId, type: z.literal('eventEnded'), kind: z.enum(LIVE_EVENT_KINDS) }),
  /**
   * Who has skipped the intro (F62, F63), sent to both players at each skip; `fight_starts_at` and
   * `ends_at` are the battle's times after it (earlier than before once the fight was started).
   */
  z.object({
    battle_id: battleId,
    type: z.literal('introSkip'),
    you: z.boolean(),
    opponent: z.boolean(),
    fight_starts_at: z.number(),
    ends_at: z.number(),
  }),
  z.object({
    battle_id: battleId,
    type: z.literal('tapIgnored'),
    reason: z.enum(['ended', 'not-started', 'rate', 'no-target', 'bot']),
    target_id: z.number().int().nullable(),
  }),
]);
export type BattleEventPayload = z.infer<typeof battleEventPayloadSchema>;

export const BATTLE_RESULTS = ['victory', 'defeat', 'draw'] as const;
export type BattleResult = (typeof BATTLE_RESULTS)[number];

export const battleSideSummarySchema = z.object({
  hits: z.number().int(),
  damage: z.number().int(),
  superAttack: z.number().int(),
  defSuperAttack: z.number().int(),
  coins: z.number().int(),
});

/** Battle completed message, plus what the result flow shows. */
export const battleCompletedPayloadSchema = z.object({
  battle_id: battleId,
  result: z.enum(BATTLE_RESULTS),
  coins_earned: z.number().int(),
  experience_earned: z.number().int(),
  reason: z.enum(['knockout', 'time', 'forfeit', 'abandon', 'void']),
  is_pvp: z.boolean(),
  level: z.number().int(),
  level_up: z.boolean(),
  coins: z.number().int(),
  /** The stake taken when the battle started (decisions D-BATTLE-13). */
  stake: z.number().int(),
  /** Coins credited at settlement: the stake returned plus any prize; `coins_earned` is the net. */
  payout: z.number().int(),
  /** The first-win reward this result paid (PF4), counted in `coins_earned`; absent when none. */
  first_win_reward: z.number().int().optional(),
  your_stats: battleSideSummarySchema,
  opponent_stats: battleSideSummarySchema,
  /**
   * Each side's health at the end (F64), so a time-out result can say why the winner won; absent
   * when the server holds no room for the battle (a voided battle after a crash).
   */
  final_health: z
    .object({
      you: z.object({ health: z.number().int(), max: z.number().int() }),
      opponent: z.object({ health: z.number().int(), max: z.number().int() }),
    })
    .optional(),
});
export type BattleCompletedPayload = z.infer<typeof battleCompletedPayloadSchema>;

/** PvP result: `result` win / lose / anything else is a draw. */
export const pvpBattleResultPayloadSchema = z.object({
  battle_id: battleId,
  result: z.enum(['win', 'lose', 'draw']),
  coins: z.number().int(),
  hits: z.number().int(),
  damage: z.number().int(),
  opponent_hits: z.number().int(),
  opponent_damage: z.number().int(),
  super_attacks: z.number().int(),
  opponent_super_attacks: z.number().int(),
  experience: z.number().int(),
});
export type PvpBattleResultPayload = z.infer<typeof pvpBattleResultPayloadSchema>;

export const waitingForOpponentPayloadSchema = z.object({
  battle_id: battleId,
  waiting: z.boolean(),
  /** Server time at which an absent opponent loses the battle. */
  deadline: z.number().nullable(),
  message: z.string(),
});

export const battleAutoResolvePayloadSchema = z.object({
  battle_id: battleId,
  message: z.string(),
});
export type BattleAutoResolvePayload = z.infer<typeof battleAutoResolvePayloadSchema>;

/** After initUser: the battle or queue the player is in, so a reloaded app can rejoin (D-BATTLE-6). */
export const battleActivePayloadSchema = z.object({
  battle_id: battleId.nullable(),
  in_queue: z.boolean(),
});
export type BattleActivePayload = z.infer<typeof battleActivePayloadSchema>;
