import { timingSafeEqual } from 'node:crypto';
import { AD_REWARD_COINS, AD_REWARDS_PER_DAY, AD_VIEW_TTL_MS } from '@titans/shared/constants';
import { utcDate } from '@titans/shared/quests/rules';
import type { AdStatus, AdView } from '@titans/shared/quests/schemas';
import { and, asc, count, eq, gte } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Database, Tx } from '../db/database.ts';
import { adViews } from '../db/schema.ts';
import type { BalanceGateway } from '../money/balance-gateway.ts';
import { failed, type MoneyResult } from '../money/money-result.ts';

type Db = Database['db'] | Tx;

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

/**
 * Play & Earn (Q7, decisions D-QUEST-6): rewarded ads through Adsgram. The player starts a view
 * here; the coins come only when Adsgram calls our Reward URL (GET with the Telegram id, and our
 * secret in the URL). Each callback credits the player's oldest waiting view once, so a replayed
 * callback finds nothing to credit; a day allows AD_REWARDS_PER_DAY rewards.
 */
export class AdService {
  constructor(private readonly deps: AdServiceDeps) {}

  private dayStart(now: number): Date {
    return new Date(`${utcDate(now)}T00:00:00Z`);
  }

  private async rewardedToday(db: Db, userId: string, now: number): Promise<number> {
    const [row] = await db
      .select({ value: count() })
      .from(adViews)
      .where(
        and(
          eq(adViews.userId, userId),
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

  /** POST /ads/views: the player is about to watch an ad. */
  async start(userId: string): Promise<MoneyResult<AdView>> {
    if (!this.deps.blockId || !this.deps.rewardSecret) return failed('ads/not-configured');
    const { db } = this.deps.database;
    const now = this.deps.now();
    if ((await this.rewardedToday(db, userId, now)) >= AD_REWARDS_PER_DAY) return failed('ads/daily-limit');
    const [row] = await db
      .insert(adViews)
      .values({ userId, provider: 'adsgram', reward: AD_REWARD_COINS, createdAt: new Date(now) })
      .returning();
    return { ok: true, value: { view_id: row!.id, status: 'pending', reward: row!.reward } };
  }

  /** GET /ads/views/{id}: whether the network confirmed it yet. */
  async view(userId: string, viewId: string): Promise<MoneyResult<AdView>> {
    const [row] = await this.deps.database.db
      .select()
      .from(adViews)
      .where(and(eq(adViews.id, viewId), eq(adViews.userId, userId)))
      .limit(1);
    if (!row) return failed('ads/view-not-found');
    const expired = row.status === 'pending' && this.deps.now() - row.createdAt.getTime() > AD_VIEW_TTL_MS;
    return {
      ok: true,
      value: {
        view_id: row.id,
        status: expired ? 'expired' : (row.status as AdView['status']),
        reward: row.reward,
      },
    };
  }

  /** Checks the callback's secret (timing-safe); false when ads are not configured. */
  verifyCallback(secret: string): boolean {
    return this.deps.rewardSecret !== undefined && sameSecret(secret, this.deps.rewardSecret);
  }

  /** The network's reward callback for a verified player: credits their oldest waiting view once. */
  async rewardCallback(userId: string): Promise<MoneyResult<{ credited: boolean; view_id: string | null }>> {
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
      if ((await this.rewardedToday(money.tx, userId, money.now)) >= AD_REWARDS_PER_DAY) {
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
        reason: 'quest:ad',
        idempotencyKey: `ad-view:${view.id}`,
        meta: { provider: view.provider },
      });
      return { credited: true, view_id: view.id };
    });
  }
}
