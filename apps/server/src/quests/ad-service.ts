import { timingSafeEqual } from 'node:crypto';
import {
  AD_REWARD_COINS,
  AD_REWARDS_PER_DAY,
  AD_VIEW_TTL_MS,
  AD_VIEWS_PER_DAY,
  VIDEO_RECOVERY_COINS,
} from '@titans/shared/constants';
import { utcDate } from '@titans/shared/quests/rules';
import type { AdStatus, AdView, AdViewPurpose, StartAdViewBody } from '@titans/shared/quests/schemas';
import { and, asc, count, desc, eq, gte, ne } from 'drizzle-orm';
import type { Clock } from '../core/clock.ts';
import { failed, type Result } from '../core/result.ts';
import type { Database, RawQuery, Tx } from '../db/database.ts';
import { returnedRow } from '../db/returned.ts';
import { adViews, battles } from '../db/schema.ts';
import type { BalanceGateway } from '../money/balance-gateway.ts';

type Db = Database['db'] | Tx;
type AdViewRow = typeof adViews.$inferSelect;

export interface AdServiceDeps {
  database: Database;
  gateway: BalanceGateway;
  now: Clock;
  blockId: string | undefined;
  rewardSecret: string | undefined;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The once-only ledger key of a defeat's video recovery (rules Q9). */
export function recoveryKey(battleId: string, userId: string): string {
  return `battle-recovery:${battleId}:${userId}`;
}

function viewOf(row: AdViewRow, status: AdView['status'] = row.status as AdView['status']): AdView {
  return {
    view_id: row.id,
    status,
    reward: row.reward,
    purpose: row.purpose as AdViewPurpose,
    battle_id: row.battleId,
  };
}

/**
 * Rewarded ads through Adsgram: Play & Earn (Q7, decisions D-QUEST-6) and a defeat's video
 * recovery (Q9, D-QUEST-9). The player starts a view here; the coins come only when Adsgram calls
 * our Reward URL (GET with the Telegram id, and our secret in the URL). A player has at most one
 * waiting view: starting the same kind again reuses it, starting another kind retires it, and a
 * UTC day allows AD_VIEWS_PER_DAY views (Q8, D-QUEST-8). Each callback credits the player's
 * oldest waiting view once, so a replayed callback finds nothing to credit; a day allows
 * AD_REWARDS_PER_DAY Play & Earn rewards, and a defeat one recovery.
 */
export class AdService {
  constructor(private readonly deps: AdServiceDeps) {}

  private dayStart(now: number): Date {
    return new Date(`${utcDate(now)}T00:00:00Z`);
  }

  /** Play & Earn rewards credited today; recoveries are not counted (D-QUEST-9). */
  private async rewardedToday(db: Db, userId: string, now: number): Promise<number> {
    const [row] = await db
      .select({ value: count() })
      .from(adViews)
      .where(
        and(
          eq(adViews.userId, userId),
          eq(adViews.purpose, 'play'),
          eq(adViews.status, 'rewarded'),
          gte(adViews.rewardedAt, this.dayStart(now)),
        ),
      );
    return row?.value ?? 0;
  }

  async status(userId: string): Promise<AdStatus> {
    const used = await this.rewardedToday(this.deps.database.db, userId, this.deps.now());
    return {
      provider: 'adsgram',
      block_id: this.deps.blockId ?? null,
      reward_coins: AD_REWARD_COINS,
      per_day: AD_REWARDS_PER_DAY,
      remaining_today: Math.max(0, AD_REWARDS_PER_DAY - used),
    };
  }

  /**
   * POST /ads/views: the player is about to watch an ad, for Play & Earn or to recover a defeat.
   * One transaction per call, serialised per player (PGlite runs one at a time; PostgreSQL takes
   * the player's advisory lock), so concurrent calls cannot add a second waiting view.
   */
  async start(userId: string, body: StartAdViewBody = { purpose: 'play' }): Promise<Result<AdView>> {
    if (!this.deps.blockId || !this.deps.rewardSecret) return failed('ads/not-configured');
    const { database } = this.deps;
    const now = this.deps.now();
    const battleId = body.purpose === 'battle-recovery' ? body.battle_id : null;
    return database.transaction(async (tx, query) => {
      if (database.kind === 'postgres') {
        await query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`ad-views:${userId}`]);
      }
      if (battleId) {
        const refused = await this.recoveryRefusal(tx, query, userId, battleId);
        if (refused) return refused;
      } else if ((await this.rewardedToday(tx, userId, now)) >= AD_REWARDS_PER_DAY) {
        return failed('ads/daily-limit');
      }

      const waiting = await tx
        .select()
        .from(adViews)
        .where(
          and(
            eq(adViews.userId, userId),
            eq(adViews.status, 'pending'),
            gte(adViews.createdAt, new Date(now - AD_VIEW_TTL_MS)),
          ),
        )
        .orderBy(desc(adViews.createdAt));
      const same = waiting.find((row) => row.purpose === body.purpose && row.battleId === battleId);
      if (same) {
        // The same ad again (the last one did not play, or the player tapped twice): its wait starts over.
        const again = await tx
          .update(adViews)
          .set({ createdAt: new Date(now) })
          .where(eq(adViews.id, same.id))
          .returning();
        await this.retire(tx, userId, same.id);
        return { ok: true, value: viewOf(returnedRow(again, 'ad view')) };
      }

      const [started] = await tx
        .select({ value: count() })
        .from(adViews)
        .where(and(eq(adViews.userId, userId), gte(adViews.createdAt, this.dayStart(now))));
      if ((started?.value ?? 0) >= AD_VIEWS_PER_DAY) return failed('ads/views-limit');

      // The player watches one ad at a time: the one started now is the one a callback credits.
      await this.retire(tx, userId, null);
      const inserted = await tx
        .insert(adViews)
        .values({
          userId,
          provider: 'adsgram',
          reward: battleId ? VIDEO_RECOVERY_COINS : AD_REWARD_COINS,
          purpose: body.purpose,
          battleId,
          createdAt: new Date(now),
        })
        .returning();
      return { ok: true, value: viewOf(returnedRow(inserted, 'ad view')) };
    });
  }

  /** Ends the player's other waiting views (but `keep`): a newer view replaced them. */
  private async retire(tx: Tx, userId: string, keep: string | null) {
    await tx
      .update(adViews)
      .set({ status: 'expired' })
      .where(
        and(
          eq(adViews.userId, userId),
          eq(adViews.status, 'pending'),
          ...(keep ? [ne(adViews.id, keep)] : []),
        ),
      );
  }

  /**
   * Why this player may not start a recovery of this battle, or null when they may: the battle
   * is finished, they fought in it, they lost it, and it was not recovered yet (Q9).
   */
  private async recoveryRefusal(
    tx: Tx,
    query: RawQuery,
    userId: string,
    battleId: string,
  ): Promise<Result<never> | null> {
    const [battle] = await tx.select().from(battles).where(eq(battles.id, battleId)).limit(1);
    if (!battle) return failed('recovery/battle-not-found');
    if (battle.player1Id !== userId && battle.player2Id !== userId) return failed('recovery/not-your-battle');
    if (battle.status !== 'finished') return failed('recovery/not-finished');
    // `result` is player 1's view; a bot's win leaves winner_id empty (the bot has no account).
    const lost =
      (battle.winnerId !== null && battle.winnerId !== userId) ||
      (battle.winnerId === null && battle.result === 'defeat' && battle.player1Id === userId);
    if (!lost) return failed('recovery/not-a-defeat');
    const done = await query('select 1 from ledger where idempotency_key = $1', [
      recoveryKey(battleId, userId),
    ]);
    if (done.length > 0) return failed('recovery/already-recovered');
    return null;
  }

  /** GET /ads/views/{id}: whether the network confirmed it yet. */
  async view(userId: string, viewId: string): Promise<Result<AdView>> {
    const [row] = await this.deps.database.db
      .select()
      .from(adViews)
      .where(and(eq(adViews.id, viewId), eq(adViews.userId, userId)))
      .limit(1);
    if (!row) return failed('ads/view-not-found');
    const expired = row.status === 'pending' && this.deps.now() - row.createdAt.getTime() > AD_VIEW_TTL_MS;
    return { ok: true, value: viewOf(row, expired ? 'expired' : undefined) };
  }

  /** Checks the callback's secret (timing-safe); false when ads are not configured. */
  verifyCallback(secret: string): boolean {
    return this.deps.rewardSecret !== undefined && sameSecret(secret, this.deps.rewardSecret);
  }

  /**
   * The network's reward callback for a verified player: credits their oldest waiting view once
   * (there is one at most since views are bounded; older rows may hold more). A Play & Earn view
   * pays AD_REWARD_COINS within the day's allowance; a recovery view pays VIDEO_RECOVERY_COINS
   * under the defeat's own ledger key, so a defeat is recovered once whatever is replayed.
   */
  async rewardCallback(userId: string): Promise<Result<{ credited: boolean; view_id: string | null }>> {
    return this.deps.gateway.change(userId, async (money) => {
      const [view] = await money.tx
        .select()
        .from(adViews)
        .where(
          and(
            eq(adViews.userId, userId),
            eq(adViews.status, 'pending'),
            gte(adViews.createdAt, new Date(money.now - AD_VIEW_TTL_MS)),
          ),
        )
        .orderBy(asc(adViews.createdAt))
        .for('update')
        .limit(1);
      if (!view) return { credited: false, view_id: null };
      const recovery = view.purpose === 'battle-recovery' && view.battleId !== null;
      const key =
        view.purpose === 'battle-recovery' && view.battleId !== null
          ? recoveryKey(view.battleId, userId)
          : `ad-view:${view.id}`;
      const spent = recovery
        ? (await money.query('select 1 from ledger where idempotency_key = $1', [key])).length > 0
        : (await this.rewardedToday(money.tx, userId, money.now)) >= AD_REWARDS_PER_DAY;
      if (spent) {
        // Nothing this view can still earn: it stops waiting, so it does not hold later callbacks.
        await money.tx.update(adViews).set({ status: 'expired' }).where(eq(adViews.id, view.id));
        return { credited: false, view_id: view.id };
      }
      const [marked] = await money.tx
        .update(adViews)
        .set({ status: 'rewarded', rewardedAt: new Date(money.now) })
        .where(and(eq(adViews.id, view.id), eq(adViews.status, 'pending')))
        .returning({ id: adViews.id });
      if (!marked) return { credited: false, view_id: view.id };
      await money.apply({
        userId,
        currency: 'coins',
        delta: view.reward,
        reason: recovery ? 'battle-recovery' : 'quest:ad',
        idempotencyKey: key,
        meta: recovery
          ? { provider: view.provider, battleId: view.battleId, viewId: view.id }
          : { provider: view.provider },
      });
      return { credited: true, view_id: view.id };
    });
  }
}
