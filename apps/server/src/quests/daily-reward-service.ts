import { nextDailyDay, previousUtcDate, utcDate } from '@titans/shared/quests/rules';
import type { ClaimedReward, DailyReward, DailyRewardsView, DailyState } from '@titans/shared/quests/schemas';
import { asc, desc, eq } from 'drizzle-orm';
import type { Clock } from '../core/clock.ts';
import { failed, type Result } from '../core/result.ts';
import type { Database, Tx } from '../db/database.ts';
import { dailyClaims, dailyRewards, items, userItems, users } from '../db/schema.ts';
import type { BalanceGateway } from '../money/balance-gateway.ts';
import type { ReminderService } from '../reminders/reminder-service.ts';

type Db = Database['db'] | Tx;
type RewardRow = typeof dailyRewards.$inferSelect & { itemName: string | null };

const DAY_MS = 24 * 60 * 60 * 1000;

function rewardView(row: RewardRow): DailyReward {
  return {
    _id: `day-${row.day}`,
    day: row.day,
    reward_type: row.rewardType === 'item' ? 'item' : 'coins',
    amount: row.amount,
    item_id: row.itemId ? { _id: row.itemId, name: row.itemName ?? row.name } : null,
    name: row.name,
    image_url: row.imageUrl,
  };
}

export interface DailyRewardServiceDeps {
  database: Database;
  gateway: BalanceGateway;
  now: Clock;
  /** Tomorrow's "reward ready" bot message (BR11), queued in the claim's transaction. */
  reminders?: ReminderService;
}

/**
 * Daily rewards (Q5): one claim per UTC day (decisions: D-QUEST-2), the streak computed from the
 * claim records: the day after yesterday's claim, or day 1 after a missed day, capped at day 30.
 */
export class DailyRewardService {
  constructor(private readonly deps: DailyRewardServiceDeps) {}

  private async rewards(db: Db): Promise<RewardRow[]> {
    const rows = await db
      .select({ reward: dailyRewards, itemName: items.name })
      .from(dailyRewards)
      .leftJoin(items, eq(items.id, dailyRewards.itemId))
      .orderBy(asc(dailyRewards.day));
    return rows.map((row) => ({ ...row.reward, itemName: row.itemName }));
  }

  private async lastClaim(db: Db, userId: string) {
    const [row] = await db
      .select()
      .from(dailyClaims)
      .where(eq(dailyClaims.userId, userId))
      .orderBy(desc(dailyClaims.claimedOn))
      .limit(1);
    return row ? { day: row.day, claimedOn: String(row.claimedOn) } : null;
  }

  private state(last: { day: number; claimedOn: string } | null, now: number): DailyState {
    const today = utcDate(now);
    const claimedToday = last?.claimedOn === today;
    const alive = last !== null && (claimedToday || last.claimedOn === previousUtcDate(today));
    const streak = alive ? last.day : 0;
    const todayDay = claimedToday ? last.day : (nextDailyDay(last, today) ?? 1);
    return {
      today,
      current_streak: streak,
      last_claimed_date: last?.claimedOn ?? null,
      claimed_today: claimedToday,
      today_day: todayDay,
      claimed_days: Array.from({ length: streak }, (_, index) => index + 1),
      next_claim_at: new Date(Date.parse(`${today}T00:00:00Z`) + DAY_MS).toISOString(),
    };
  }

  /** GET /daily-rewards: the 30 rewards and this player's streak. */
  async view(userId: string): Promise<DailyRewardsView> {
    const { db } = this.deps.database;
    const [rewards, last] = await Promise.all([this.rewards(db), this.lastClaim(db, userId)]);
    return { rewards: rewards.map(rewardView), state: this.state(last, this.deps.now()) };
  }

  /** GET /reward/{id}. */
  async reward(id: string): Promise<Result<DailyReward>> {
    const day = Number(id.replace('day-', ''));
    const found = (await this.rewards(this.deps.database.db)).find((row) => row.day === day);
    return found ? { ok: true, value: rewardView(found) } : failed('daily/not-found');
  }

  /**
   * POST /reward/claim/{id}: claims today's reward, which must be `id`. The claim row (unique per
   * player and UTC day) and the ledger key `daily:{user}:{day}` make a second claim today fail.
   */
  async claim(userId: string, id: string): Promise<Result<ClaimedReward>> {
    return this.deps.gateway.change(userId, async (money) => {
      const today = utcDate(money.now);
      const last = await this.lastClaim(money.tx, userId);
      const day = nextDailyDay(last, today);
      if (day === null) return money.fail('daily/already-claimed');
      if (id !== `day-${day}`) return money.fail('daily/wrong-day', `Today's reward is day ${day}`, { day });
      const rewards = await this.rewards(money.tx);
      const reward = [...rewards].reverse().find((row) => row.day <= day);
      if (!reward) return money.fail('daily/not-found');
      await money.tx.insert(dailyClaims).values({ userId, day, streak: day, claimedOn: today });
      await this.deps.reminders?.dailyReady(money.query, userId, today);
      let coins: number;
      if (reward.rewardType === 'item' && reward.itemId) {
        for (let copy = 0; copy < reward.amount; copy++) {
          await money.tx.insert(userItems).values({ userId, itemId: reward.itemId, purchasePrice: 0 });
        }
        const [user] = await money.tx.select({ coins: users.coins }).from(users).where(eq(users.id, userId));
        coins = Number(user?.coins ?? 0);
      } else {
        coins = await money.apply({
          userId,
          currency: 'coins',
          delta: reward.amount,
          reason: 'quest:daily',
          idempotencyKey: `daily:${userId}:${today}`,
          meta: { day },
        });
      }
      return {
        reward_type: reward.rewardType === 'item' ? 'item' : 'coins',
        amount: reward.amount,
        current_streak: day,
        reward_id: `day-${reward.day}`,
        name: reward.name,
        image_url: reward.imageUrl,
        coins,
      };
    });
  }
}
