import type { PaymentRow, PlayerReport } from '@titans/shared/admin/schemas';
import { canonicalTelegramId } from '@titans/shared/auth/telegram-user-id';
import { desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import {
  adminAudit,
  battles,
  ledger,
  purchases,
  tapFlags,
  userCharacters,
  userItems,
  users,
} from '../db/schema.ts';
import type { UserRow } from '../users/upgrade-levels.ts';
import { currentBalances, type LiveBalanceSource } from '../users/user-view.ts';
import { auditView } from './admin-audit.ts';

/** How many of each list a lookup shows: enough for a support ticket, small enough to read. */
const RECENT = 20;

/** Where the player is connected and fighting, besides the database (admin-presence.ts). */
export interface PresenceSource {
  /** Open sockets on this process. */
  socketsOf(telegramUserId: string): number;
  /** Other processes of a cluster holding the player's sockets (0 alone; null: Redis did not answer). */
  elsewhere(userId: string): Promise<number | null>;
  /** The player's battle or queue, cluster-wide. */
  arenaOf(userId: string): Promise<{ battleId: string | null; queued: boolean }>;
}

/** One player by Telegram id, or every player with that username (any case, with or without @). */
export async function findPlayers(
  db: Db,
  query: { telegram_user_id?: string | number | undefined; username?: string | undefined },
): Promise<UserRow[]> {
  if (query.telegram_user_id !== undefined) {
    return db
      .select()
      .from(users)
      .where(eq(users.telegramUserId, BigInt(canonicalTelegramId(query.telegram_user_id))))
      .limit(1);
  }
  // No index on username (nothing else reads by it): an operator's lookup by name scans users once.
  const name = (query.username ?? '').replace(/^@/, '').toLowerCase();
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${name}`)
    .orderBy(desc(users.createdAt))
    .limit(10);
}

export function paymentView(row: typeof purchases.$inferSelect): PaymentRow {
  return {
    id: row.id,
    method: row.method,
    status: row.status,
    package_id: row.packageId,
    order_ref: row.orderRef,
    stars_amount: row.starsAmount,
    diamonds: row.diamonds,
    telegram_payment_charge_id: row.telegramPaymentChargeId,
    tx_hash: row.txHash,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    refunded_at: row.refundedAt?.toISOString() ?? null,
    refund_origin: row.refundOrigin ?? null,
    refund_shortfall: row.refundShortfall,
    anomaly: row.anomaly ?? null,
  };
}

/** A player's payments, newest first. */
export async function paymentsOf(db: Db, userId: string, limit = 50): Promise<PaymentRow[]> {
  const rows = await db
    .select()
    .from(purchases)
    .where(eq(purchases.userId, userId))
    .orderBy(desc(purchases.createdAt))
    .limit(limit);
  return rows.map(paymentView);
}

/** The player's latest rows of every kind the report shows, read together. */
function recentRows(db: Db, userId: string) {
  return Promise.all([
    db.select().from(ledger).where(eq(ledger.userId, userId)).orderBy(desc(ledger.id)).limit(RECENT),
    paymentsOf(db, userId, RECENT),
    db
      .select()
      .from(userItems)
      .where(eq(userItems.userId, userId))
      .orderBy(desc(userItems.purchaseDate))
      .limit(RECENT),
    db
      .select()
      .from(userCharacters)
      .where(eq(userCharacters.userId, userId))
      .orderBy(desc(userCharacters.acquiredAt))
      .limit(RECENT),
    db
      .select()
      .from(battles)
      .where(or(eq(battles.player1Id, userId), eq(battles.player2Id, userId)))
      .orderBy(desc(battles.startedAt))
      .limit(RECENT),
    db.select().from(tapFlags).where(eq(tapFlags.userId, userId)).orderBy(desc(tapFlags.id)).limit(RECENT),
    db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.userId, userId))
      .orderBy(desc(adminAudit.id))
      .limit(RECENT),
  ]);
}

type RecentRows = Awaited<ReturnType<typeof recentRows>>;

/** Gems refunds could not take back, over all the player's purchases (rules S14, D-STARS-15). */
async function refundGemsOwed(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ owed: sql<string | null>`sum(${purchases.refundShortfall})` })
    .from(purchases)
    .where(eq(purchases.userId, userId));
  return Number(row?.owed ?? 0);
}

/** What the player owns: items (a booster until its effect ends) and characters. */
function possessionsView(items: RecentRows[2], heroes: RecentRows[3]): PlayerReport['possessions'] {
  return [
    ...items.map((row) => ({
      kind: 'item' as const,
      id: row.id,
      catalogue_id: row.itemId,
      price: row.purchasePrice,
      currency: row.currency,
      acquired_at: row.purchaseDate.toISOString(),
      consumed_at: row.consumedAt?.toISOString() ?? null,
    })),
    ...heroes.map((row) => ({
      kind: 'character' as const,
      id: row.id,
      catalogue_id: row.characterId,
      price: row.purchasePrice,
      currency: row.currency,
      acquired_at: row.acquiredAt.toISOString(),
      consumed_at: null,
    })),
  ];
}

/**
 * Everything a support ticket needs about one player: balances as the game shows them
 * (with taps not yet durable), level, energy, whether they are online or fighting (cluster-wide), and their
 * latest ledger rows, payments, possessions, battles, tap flags and operator actions.
 */
export async function playerReport(
  db: Db,
  user: UserRow,
  live: LiveBalanceSource,
  presence: PresenceSource,
  now: number,
): Promise<PlayerReport> {
  const telegramUserId = user.telegramUserId.toString();
  const [[ledgerRows, payments, items, heroes, fought, flags, audit], elsewhere, arena, owed] =
    await Promise.all([
      recentRows(db, user.id),
      presence.elsewhere(user.id),
      presence.arenaOf(user.id),
      refundGemsOwed(db, user.id),
    ]);
  const balances = currentBalances(user, live, now);
  return {
    player: {
      id: user.id,
      telegram_user_id: telegramUserId,
      username: user.username,
      name: `${user.firstName} ${user.lastName}`.trim(),
      created_at: user.createdAt.toISOString(),
      coins: balances.coins,
      gems: balances.gems,
      pending_coins: balances.pending,
      energy: balances.energy,
      max_energy: balances.max_energy,
      level: user.level,
      experience: user.experience,
      selected_character_id: user.selectedCharacterId,
      wins: user.wins,
      losses: user.losses,
      draws: user.draws,
      total_taps: user.totalTaps,
      is_banned: user.isBanned,
      ban_reason: user.banReason,
      refund_gems_owed: owed,
    },
    online: {
      sockets: presence.socketsOf(telegramUserId),
      other_processes: elsewhere,
      battle_id: arena.battleId,
      queued: arena.queued,
    },
    ledger: ledgerRows.map((row) => ({
      id: row.id,
      currency: row.currency,
      delta: row.delta,
      balance_after: row.balanceAfter,
      reason: row.reason,
      idempotency_key: row.idempotencyKey,
      created_at: row.createdAt.toISOString(),
    })),
    payments,
    possessions: possessionsView(items, heroes),
    battles: fought.map((row) => ({
      id: row.id,
      mode: row.mode,
      status: row.status,
      result: row.result,
      won: row.winnerId === null ? null : row.winnerId === user.id,
      opponent_id: row.player1Id === user.id ? row.player2Id : row.player1Id,
      started_at: row.startedAt.toISOString(),
      ended_at: row.endedAt?.toISOString() ?? null,
    })),
    tap_flags: flags.map((row) => ({
      window_start: row.windowStart.toISOString(),
      seconds_over_cap: row.secondsOverCap,
      taps_rejected: row.tapsRejected,
      created_at: row.createdAt.toISOString(),
    })),
    audit: audit.map(auditView),
  };
}
