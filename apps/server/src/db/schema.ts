import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * The whole game's schema. Balances live on `users` and every change to them is a row of
 * `ledger` written in the same transaction; CHECK constraints keep balances from going negative.
 * Catalogue tables (characters, items, tasks, quizzes, daily_rewards, diamond_packages) are
 * loaded from the files in catalogue/ at start-up and keyed by the ids those files give.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Raw bytes (an upload's file): Buffer in, Buffer or Uint8Array out depending on the driver. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

export const characters = pgTable('characters', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  race: text('race').notNull().default('HUMAN'),
  type: text('type').notNull().default('DEFAULT'),
  image: text('image').notNull(),
  rarity: text('rarity').notNull().default('common'),
  level: integer('level').notNull().default(1),
  health: integer('health').notNull().default(100),
  power: integer('power').notNull().default(10),
  defense: integer('defense').notNull().default(5),
  speed: integer('speed').notNull().default(5),
  experience: integer('experience').notNull().default(0),
  tapValue: integer('tap_value').notNull().default(10),
  isFree: boolean('is_free').notNull().default(false),
  isLimited: boolean('is_limited').notNull().default(false),
  price: integer('price').notNull().default(0),
  currency: text('currency').notNull().default('coins'),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Rows dropped from the catalogue file are deactivated, never deleted: players may own them. */
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const items = pgTable(
  'items',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url').notNull(),
    itemType: text('item_type').notNull(),
    rarity: text('rarity').notNull().default('common'),
    price: integer('price').notNull().default(0),
    currency: text('currency').notNull().default('coins'),
    effects: jsonb('effects').$type<Record<string, number>>().notNull().default({}),
    isLimited: boolean('is_limited').notNull().default(false),
    /** Limited items may have a finite stock; null means unlimited. */
    stock: integer('stock'),
    sold: integer('sold').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // S3: a limited item is never sold beyond its stock, even by two processes at once.
  (table) => [
    check('items_sold_within_stock', sql`${table.stock} is null or ${table.sold} <= ${table.stock}`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    telegramUserId: bigint('telegram_user_id', { mode: 'bigint' }).notNull(),
    username: text('username').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    languageCode: text('language_code'),
    /** The language the player chose in Profile (L2); null: Telegram's language_code decides (L1). */
    language: text('language'),
    isPremium: boolean('is_premium').notNull().default(false),
    profilePicture: text('profile_picture').notNull().default(''),
    coins: money('coins'),
    gems: money('gems'),
    /** Energy as of energy_updated_at; the current value is derived with the regeneration rule. */
    energy: integer('energy').notNull(),
    energyUpdatedAt: timestamp('energy_updated_at', { withTimezone: true }).notNull().defaultNow(),
    tapPowerLevel: integer('tap_power_level').notNull().default(0),
    energyCapacityLevel: integer('energy_capacity_level').notNull().default(0),
    energyRegenLevel: integer('energy_regen_level').notNull().default(0),
    cooldownReductionLevel: integer('cooldown_reduction_level').notNull().default(0),
    freeRefillsDay: date('free_refills_day'),
    freeRefillsUsed: integer('free_refills_used').notNull().default(0),
    lastFreeRefillAt: timestamp('last_free_refill_at', { withTimezone: true }),
    skillPoints: integer('skill_points').notNull().default(0),
    level: integer('level').notNull().default(1),
    experience: integer('experience').notNull().default(0),
    selectedCharacterId: text('selected_character_id').references(() => characters.id),
    backgroundItemId: text('background_item_id').references(() => items.id),
    referralCode: text('referral_code').notNull(),
    referredBy: uuid('referred_by'),
    /**
     * The fence of the player's owner in a cluster (D-CLUSTER-14): raised by the process that takes
     * the player; the tap flush and energy writes require the epoch they were loaded with.
     */
    ownerEpoch: bigint('owner_epoch', { mode: 'number' }).notNull().default(0),
    isReferralUpgraded: boolean('is_referral_upgraded').notNull().default(false),
    /** Coins earned from referrals, the leaderboard's first key; unindexed like coins (D-PERF-1). */
    referralEarnings: money('referral_earnings'),
    wins: integer('wins').notNull().default(0),
    losses: integer('losses').notNull().default(0),
    draws: integer('draws').notNull().default(0),
    /** When the player won their practice fight (PF1, PF4); null while they still have it. */
    practiceWonAt: timestamp('practice_won_at', { withTimezone: true }),
    totalTaps: bigint('total_taps', { mode: 'number' }).notNull().default(0),
    totalCoinsEarned: money('total_coins_earned'),
    isBanned: boolean('is_banned').notNull().default(false),
    banReason: text('ban_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_telegram_user_id_key').on(table.telegramUserId),
    uniqueIndex('users_referral_code_key').on(table.referralCode),
    index('users_referred_by_idx').on(table.referredBy),
    // No index on coins: every tap flush updates coins, and an index on it would defeat
    // PostgreSQL's in-place (HOT) updates. The leaderboard reads a periodic snapshot instead.
    check('users_coins_non_negative', sql`${table.coins} >= 0`),
    check('users_gems_non_negative', sql`${table.gems} >= 0`),
    check('users_energy_non_negative', sql`${table.energy} >= 0`),
  ],
);

/** Append-only record of every change to coins or gems. */
export const ledger = pgTable(
  'ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    delta: bigint('delta', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /** Unique per business event, so retrying the event can never apply it twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_idempotency_key').on(table.idempotencyKey),
    index('ledger_user_idx').on(table.userId, table.createdAt),
    check('ledger_currency_known', sql`${table.currency} in ('coins', 'gems')`),
    check('ledger_balance_non_negative', sql`${table.balanceAfter} >= 0`),
  ],
);

export const userCharacters = pgTable(
  'user_characters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    characterId: text('character_id')
      .notNull()
      .references(() => characters.id),
    level: integer('level').notNull().default(1),
    experience: integer('experience').notNull().default(0),
    purchasePrice: integer('purchase_price').notNull().default(0),
    currency: text('currency').notNull().default('coins'),
    acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('user_characters_owner_key').on(table.userId, table.characterId)],
);

export const userItems = pgTable(
  'user_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    itemId: text('item_id')
      .notNull()
      .references(() => items.id),
    /** The item id for items owned once; null for boosts, which can be bought many times. */
    uniqueKey: text('unique_key'),
    purchasePrice: integer('purchase_price').notNull().default(0),
    currency: text('currency').notNull().default('coins'),
    purchaseDate: timestamp('purchase_date', { withTimezone: true }).notNull().defaultNow(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('user_items_once_key').on(table.userId, table.uniqueKey),
    index('user_items_user_idx').on(table.userId),
  ],
);

/** The last tap batch applied per (user, client), persisted with the taps so a resent batch counts once. */
export const tapSessions = pgTable(
  'tap_sessions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    clientId: text('client_id').notNull(),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
    updatedAt: updatedAt(),
  },
  // No index on updated_at: it changes on every flush (see the note on users.coins).
  (table) => [primaryKey({ columns: [table.userId, table.clientId] })],
);

/** Users recorded for review because they kept tapping faster than the cap. */
export const tapFlags = pgTable(
  'tap_flags',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    secondsOverCap: integer('seconds_over_cap').notNull(),
    tapsRejected: integer('taps_rejected').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('tap_flags_user_idx').on(table.userId, table.createdAt)],
);

export const tasks = pgTable('tasks', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  type: text('type').notNull(),
  rewardPoints: integer('reward_points').notNull().default(100),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const taskProgress = pgTable(
  'task_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    taskId: text('task_id')
      .notNull()
      .references(() => tasks.id),
    status: text('status').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.taskId] })],
);

export const quizzes = pgTable('quizzes', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  /** Questions with options, the correct answer and the explanation; never sent to players whole. */
  questions: jsonb('questions')
    .$type<
      Array<{
        id: string;
        question: string;
        options: Array<{ text: string; isCorrect: boolean }>;
        explanation?: string;
      }>
    >()
    .notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const dailyRewards = pgTable('daily_rewards', {
  day: integer('day').primaryKey(),
  rewardType: text('reward_type').notNull(),
  amount: integer('amount').notNull(),
  itemId: text('item_id').references(() => items.id),
  name: text('name').notNull(),
  imageUrl: text('image_url').notNull(),
  updatedAt: updatedAt(),
});

export const dailyClaims = pgTable(
  'daily_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    day: integer('day').notNull(),
    streak: integer('streak').notNull(),
    claimedOn: date('claimed_on').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('daily_claims_once_a_day').on(table.userId, table.claimedOn)],
);

export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id),
    refereeId: uuid('referee_id')
      .notNull()
      .references(() => users.id),
    earned: money('earned'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('referrals_referee_key').on(table.refereeId),
    index('referrals_referrer_idx').on(table.referrerId),
  ],
);

export const diamondPackages = pgTable('diamond_packages', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  imageUrl: text('image_url').notNull(),
  diamondAmount: integer('diamond_amount').notNull(),
  /** Price in Telegram Stars (the spec's price_usd). */
  priceStars: integer('price_stars').notNull(),
  priceCrypto: text('price_crypto').notNull().default('0'),
  cryptoCurrency: text('crypto_currency').notNull().default('TON'),
  discountPercentage: integer('discount_percentage').notNull().default(0),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Purchases of Stars packages, by Telegram Stars invoice or by crypto transaction. */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    packageId: text('package_id')
      .notNull()
      .references(() => diamondPackages.id),
    method: text('method').notNull(),
    status: text('status').notNull().default('pending'),
    orderRef: text('order_ref').notNull(),
    starsAmount: integer('stars_amount').notNull().default(0),
    diamonds: integer('diamonds').notNull(),
    telegramPaymentChargeId: text('telegram_payment_charge_id'),
    txHash: text('tx_hash'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Diamonds a refund could not take back because the player had spent them (decisions: D-STARS-5). */
    refundShortfall: integer('refund_shortfall'),
    /**
     * Who refunded: `operator` (the refund command) or `telegram` (a refund made outside the
     * server, reported by a `refunded_payment` update; decisions: D-STARS-15).
     */
    refundOrigin: text('refund_origin').$type<'operator' | 'telegram'>(),
    /**
     * A payment that did not match its invoice (currency, amount, payer or order; decisions
     * D-STARS-11): what Telegram sent and what was expected. Nothing was credited; the operator
     * may refund it.
     */
    anomaly: jsonb('anomaly').$type<{
      reason: string;
      currency: string;
      totalAmount: number;
      expected: number;
    }>(),
  },
  (table) => [
    uniqueIndex('purchases_order_ref_key').on(table.orderRef),
    uniqueIndex('purchases_charge_key').on(table.telegramPaymentChargeId),
    uniqueIndex('purchases_tx_hash_key').on(table.txHash),
    index('purchases_user_idx').on(table.userId, table.createdAt),
  ],
);

/** One player's entry into a battle: held until the battle settles (decisions D-BATTLE-13). */
export interface BattleEntry {
  userId: string;
  stake: number;
  energy: number;
}

export const battles = pgTable(
  'battles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mode: text('mode').notNull(),
    difficulty: text('difficulty'),
    player1Id: uuid('player1_id')
      .notNull()
      .references(() => users.id),
    player2Id: uuid('player2_id').references(() => users.id),
    player1CharacterId: text('player1_character_id').notNull(),
    player2CharacterId: text('player2_character_id'),
    status: text('status').notNull().default('active'),
    winnerId: uuid('winner_id'),
    result: text('result'),
    stats: jsonb('stats').$type<Record<string, unknown>>().notNull().default({}),
    /** What each player put in at entry (the escrowed stake and the energy), returned if voided. */
    entry: jsonb('entry').$type<BattleEntry[]>().notNull().default([]),
    /** The process that runs the battle's room (cluster node id); null for one process (D-CLUSTER-15). */
    hostNode: text('host_node'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    index('battles_player1_idx').on(table.player1Id),
    index('battles_player2_idx').on(table.player2Id),
    // The cluster's sweeper reads the running battles every 2 s (D-CLUSTER-18).
    index('battles_active_idx').on(table.hostNode).where(sql`${table.status} = 'active'`),
  ],
);

export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** The file itself when uploads live in the database (a cluster: every process reads it). */
    content: bytea('content'),
    createdAt: createdAt(),
  },
  // The upload limits count a player's uploads of the last hour and everyone's (decisions: D-UPLOAD-2).
  (table) => [
    index('uploads_user_created_idx').on(table.userId, table.createdAt),
    index('uploads_created_idx').on(table.createdAt),
  ],
);

/**
 * The first answer of a balance change made with an idempotency key (a retried purchase): written
 * in the change's own transaction, so a replay finds it and changes nothing (BalanceGateway).
 */
export const idempotentResults = pgTable(
  'idempotent_results',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    /** What the key was used for (e.g. `purchase-item:sword-1`); another use of the key is refused. */
    scope: text('scope').notNull(),
    result: jsonb('result').$type<unknown>(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);

/** Q3: one locked quiz answer per (player, quiz, question); the first answer stands. */
export const quizAnswers = pgTable(
  'quiz_answers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    quizId: text('quiz_id')
      .notNull()
      .references(() => quizzes.id),
    questionId: text('question_id').notNull(),
    selectedIndex: integer('selected_index').notNull(),
    isCorrect: boolean('is_correct').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.quizId, table.questionId] })],
);

/** Q7: a rewarded ad the player started; the network's reward callback credits it once. */
export const adViews = pgTable(
  'ad_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    status: text('status').notNull().default('pending'),
    reward: integer('reward').notNull(),
    /** `play` (Play & Earn) or `battle-recovery` (a defeat's video recovery, with its battle). */
    purpose: text('purpose').notNull().default('play'),
    battleId: uuid('battle_id'),
    createdAt: createdAt(),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
  },
  (table) => [index('ad_views_user_idx').on(table.userId, table.createdAt)],
);

/**
 * A bought booster's effect window (decisions: D-SHOP-2): written with the purchase, read by the
 * Arena through `activeBoosts(userId, now)`. A repeat purchase of a running booster starts when
 * the running one ends.
 */
export const boosterActivations = pgTable(
  'booster_activations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    itemId: text('item_id')
      .notNull()
      .references(() => items.id),
    userItemId: uuid('user_item_id')
      .notNull()
      .references(() => userItems.id),
    effects: jsonb('effects').$type<Record<string, number>>().notNull().default({}),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('booster_activations_user_idx').on(table.userId, table.endsAt)],
);

/**
 * Leaderboard snapshots (decisions: D-LB-1): two identical tables used in turn. A refresh fills
 * the one nobody reads (TRUNCATE + one INSERT … SELECT with row_number() on PostgreSQL; short
 * ranked slices on PGlite, D-LB-3), then
 * `leaderboard_state.active` points readers at it, so reads never wait for a refresh and the
 * tap path keeps its unindexed coins. The caller's own rank is one index lookup by user id.
 */
const leaderboardSnapshot = (name: string) =>
  pgTable(
    name,
    {
      rank: integer('rank').primaryKey(),
      userId: uuid('user_id').notNull(),
      name: text('name').notNull(),
      username: text('username').notNull(),
      profilePicture: text('profile_picture').notNull(),
      coins: bigint('coins', { mode: 'number' }).notNull(),
      referralEarnings: bigint('referral_earnings', { mode: 'number' }).notNull(),
    },
    (table) => [uniqueIndex(`${name}_user_key`).on(table.userId)],
  );
export const leaderboardRanksA = leaderboardSnapshot('leaderboard_ranks_a');
export const leaderboardRanksB = leaderboardSnapshot('leaderboard_ranks_b');

/** Which snapshot table is current, when it was taken and how many players it ranks (one row). */
export const leaderboardState = pgTable('leaderboard_state', {
  id: integer('id').primaryKey(),
  active: text('active').notNull(),
  total: integer('total').notNull().default(0),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
});
/**
 * Every ban and unban, in order (decisions: D-BAN-1): the operator's command writes the user's
 * flag and this row in one transaction; every server process polls the rows newer than it has
 * seen and closes the banned player's sockets. An audit trail as well.
 */
export const banEvents = pgTable(
  'ban_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    banned: boolean('banned').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (table) => [index('ban_events_created_idx').on(table.createdAt)],
);

/**
 * Every operator action (decisions D-OPS-1): who did what to which player, when and why. A money
 * action writes its row in the same balance change as its ledger row, under the operator's
 * idempotency key, so a retried command is done once.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    userId: uuid('user_id').references(() => users.id),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('admin_audit_key').on(table.action, table.idempotencyKey),
    index('admin_audit_user_idx').on(table.userId, table.createdAt),
  ],
);

/**
 * A player's bot reminders (rules BR1–BR13): whether Telegram lets the bot write to them (`allowed`,
 * from `allows_write_to_pm` or the Mini App's write-access request), the switch for all and one
 * per kind, where they live (for the quiet night, BR4), and whether the bot was blocked (BR7).
 */
export const reminderSettings = pgTable('reminder_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  allowed: boolean('allowed').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  energyFull: boolean('energy_full').notNull().default(true),
  dailyReady: boolean('daily_ready').notNull().default(true),
  friendJoined: boolean('friend_joined').notNull().default(true),
  rematch: boolean('rematch').notNull().default(true),
  /** Minutes east of UTC the web app last reported (BR4); null until it has. */
  utcOffsetMinutes: integer('utc_offset_minutes'),
  /** The IANA zone the web app last reported, preferred over the offset when known. */
  timeZone: text('time_zone'),
  /** Set when Telegram answered 403 (the player blocked the bot): nothing is sent until they allow again. */
  unreachableAt: timestamp('unreachable_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/**
 * The reminders' outbox (decisions D-REMIND-1): one row per reminder occurrence, unique by its
 * key (BR5). A sender takes due rows with `FOR UPDATE SKIP LOCKED` and a lease; a row whose lease
 * ran out (its sender died) is taken again (BR8).
 */
export const reminderOutbox = pgTable(
  'reminder_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    occurrenceKey: text('occurrence_key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** pending, sent, cancelled (muted, capped, superseded) or failed (blocked, refused). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    leasedBy: text('leased_by'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    outcome: text('outcome'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('reminder_outbox_occurrence_key').on(table.occurrenceKey),
    index('reminder_outbox_due_idx').on(table.dueAt).where(sql`${table.status} = 'pending'`),
    index('reminder_outbox_user_idx').on(table.userId, table.sentAt),
  ],
);

/** One row: whether the operator paused sending (`npm run ops -- reminders pause`). */
export const reminderControl = pgTable('reminder_control', {
  id: integer('id').primaryKey(),
  paused: boolean('paused').notNull().default(false),
  updatedAt: updatedAt(),
});
