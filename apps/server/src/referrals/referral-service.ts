import {
  REFERRAL_FRIEND_REWARD,
  REFERRAL_INVITER_REWARD,
  REFERRAL_LIST_LIMIT,
  REFERRAL_UPGRADE_PRICE_STARS,
  REFERRAL_UPGRADED_REWARD,
} from '@titans/shared/constants';
import type { ReferralEntry, UpgradeReferralResult } from '@titans/shared/referrals/schemas';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../core/clock.ts';
import type { Result } from '../core/result.ts';
import type { Database } from '../db/database.ts';
import { referrals, users } from '../db/schema.ts';
import type { BalanceGateway } from '../money/balance-gateway.ts';
import type { Realtime } from '../realtime/socket-server.ts';
import type { ReminderService } from '../reminders/reminder-service.ts';
import { referralEntryView } from './referral-view.ts';

export interface ReferralServiceDeps {
  database: Database;
  gateway: BalanceGateway;
  realtime: Pick<Realtime, 'toUser'>;
  logger: FastifyBaseLogger;
  now: Clock;
  /** The inviter's bot message (BR12), queued in the payout's transaction. */
  reminders?: ReminderService;
}

/** What a paid referral answers: null when there was nothing to pay (no inviter, already paid). */
export interface ReferralPayout {
  referrerId: string;
  inviterReward: number;
  friendReward: number;
  inviterCoins: number;
}

/** The coins an inviter earns per friend: doubled by the referral upgrade. */
export function inviterRewardOf(isUpgraded: boolean): number {
  return isUpgraded ? REFERRAL_UPGRADED_REWARD : REFERRAL_INVITER_REWARD;
}

/**
 * Referral rewards and the referral upgrade. The inviter is recorded at registration from the
 * body's code or the signed start parameter (D-REF-1); both players are paid once, when the
 * friend chooses their first hero (D-REF-2, R1–R3), through the balance gateway.
 */
export class ReferralService {
  constructor(private readonly deps: ReferralServiceDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  /** GET /user/{id}/referrals: friends who used the player's code, newest first, paid or pending. */
  async list(userId: string): Promise<ReferralEntry[]> {
    const rows = await this.db
      .select({
        friend: {
          id: users.id,
          username: users.username,
          firstName: users.firstName,
          lastName: users.lastName,
          profilePicture: users.profilePicture,
          createdAt: users.createdAt,
        },
        referral: { id: referrals.id, earned: referrals.earned, createdAt: referrals.createdAt },
      })
      .from(users)
      .leftJoin(referrals, eq(referrals.refereeId, users.id))
      .where(eq(users.referredBy, userId))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(REFERRAL_LIST_LIMIT);
    return rows.map(referralEntryView);
  }

  /**
   * R1–R3: pays the inviter and the friend once, when the friend has done something real
   * (chosen a hero). Safe to call any number of times and concurrently: the unique referee
   * row and the ledger keys make the second call pay nothing.
   */
  async rewardIfDue(refereeId: string): Promise<Result<ReferralPayout | null>> {
    const [referee] = await this.db
      .select({ referredBy: users.referredBy, selected: users.selectedCharacterId })
      .from(users)
      .leftJoin(referrals, eq(referrals.refereeId, users.id))
      .where(and(eq(users.id, refereeId), isNull(referrals.id)))
      .limit(1);
    const referrerId = referee?.referredBy;
    // R2: nobody can refer themselves; a player without a hero has not played yet.
    if (!referee || !referrerId || referrerId === refereeId || !referee.selected)
      return { ok: true, value: null };

    const result = await this.deps.gateway.changeMany([referrerId, refereeId], async (money) => {
      const [inviter] = await money.tx
        .select({ upgraded: users.isReferralUpgraded })
        .from(users)
        .where(eq(users.id, referrerId))
        .limit(1);
      if (!inviter) return null;
      const inviterReward = inviterRewardOf(inviter.upgraded);
      // R3: one row per friend (unique referee_id); a concurrent or repeated call inserts nothing.
      const [row] = await money.tx
        .insert(referrals)
        .values({ referrerId, refereeId, earned: inviterReward, createdAt: new Date(money.now) })
        .onConflictDoNothing({ target: referrals.refereeId })
        .returning({ id: referrals.id });
      if (!row) return null;
      await this.deps.reminders?.friendJoined(money.query, referrerId, refereeId);
      const inviterCoins = await money.apply({
        userId: referrerId,
        currency: 'coins',
        delta: inviterReward,
        reason: 'referral',
        idempotencyKey: `referral:${refereeId}:inviter`,
        meta: { referee_id: refereeId, upgraded: inviter.upgraded },
      });
      await money.apply({
        userId: refereeId,
        currency: 'coins',
        delta: REFERRAL_FRIEND_REWARD,
        reason: 'referral-welcome',
        idempotencyKey: `referral:${refereeId}:friend`,
        meta: { referrer_id: referrerId },
      });
      await money.tx
        .update(users)
        .set({ referralEarnings: sql`${users.referralEarnings} + ${inviterReward}` })
        .where(eq(users.id, referrerId));
      return { referrerId, inviterReward, friendReward: REFERRAL_FRIEND_REWARD, inviterCoins };
    });
    if (result.ok && result.value) {
      this.deps.reminders?.nudge();
      await this.announce(result.value, refereeId);
    }
    return result;
  }

  /** Tells the inviter's open sessions who joined (the gateway already pushed the new balance). */
  private async announce(payout: ReferralPayout, refereeId: string) {
    const [friend] = await this.db
      .select({ username: users.username, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, refereeId))
      .limit(1);
    this.deps.realtime.toUser(payout.referrerId, 'referralJoined', {
      username: friend?.username ?? '',
      name: friend?.firstName ?? '',
      reward: payout.inviterReward,
      coins: payout.inviterCoins,
    });
  }

  /**
   * R4: 500 Stars once raise every later reward to 5000 coins. The flag flips from false to true
   * in the same transaction as the debit, so concurrent calls debit once.
   */
  async upgrade(
    userId: string,
    options: { idempotencyKey?: string | undefined } = {},
  ): Promise<Result<UpgradeReferralResult>> {
    return this.deps.gateway.change(
      userId,
      async (money) => {
        const [flipped] = await money.tx
          .update(users)
          .set({ isReferralUpgraded: true, updatedAt: new Date(money.now) })
          .where(and(eq(users.id, userId), eq(users.isReferralUpgraded, false)))
          .returning({ id: users.id });
        if (!flipped) return money.fail('referral/already-upgraded');
        const gems = await money.apply({
          userId,
          currency: 'gems',
          delta: -REFERRAL_UPGRADE_PRICE_STARS,
          reason: 'referral-upgrade',
          idempotencyKey: `referral-upgrade:${userId}`,
          insufficient: 'referral/insufficient-stars',
        });
        return {
          gems_remaining: gems,
          is_referral_upgraded: true as const,
          reward_per_referral: REFERRAL_UPGRADED_REWARD,
        };
      },
      { idempotencyKey: options.idempotencyKey, scope: 'referral-upgrade' },
    );
  }
}
