import type {
  CatalogueReloadResult,
  MoneyActionBody,
  MoneyActionResult,
  OperatorActionBody,
  OperatorAsset,
  PaymentRow,
  PlayerReport,
  RefundBody,
  RefundResult,
  RunningBattle,
} from '@titans/shared/admin/schemas';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { CatalogueReloader } from '../catalogue/catalogue-reloader.ts';
import { CatalogueError } from '../catalogue/load-catalogue.ts';
import type { Clock } from '../core/clock.ts';
import { failed, type Result, succeeded } from '../core/result.ts';
import type { Database } from '../db/database.ts';
import { adminAudit, battles, purchases, users } from '../db/schema.ts';
import type { BalanceGateway, MoneyContext } from '../money/balance-gateway.ts';
import type { StarsService } from '../stars/stars-service.ts';
import type { UserRow } from '../users/upgrade-levels.ts';
import type { LiveBalanceSource } from '../users/user-view.ts';
import { recordAudit } from './admin-audit.ts';
import type { KickCount } from './admin-presence.ts';
import { grantItem, takeItem } from './item-possessions.ts';
import { findPlayers, type PresenceSource, paymentsOf, playerReport } from './player-report.ts';

export interface AdminServiceDeps {
  database: Database;
  gateway: BalanceGateway;
  /** The tap engine: balances with the taps not yet durable. */
  live: LiveBalanceSource;
  presence: PresenceSource;
  /** Closes every socket of the player on every process; answers those counted here (admin-presence.ts). */
  kick(telegramUserId: string, userId: string): Promise<KickCount>;
  catalogue: CatalogueReloader;
  /** Stars refunds (the StarsService's operator methods, S5 and S12). */
  refunds: Pick<StarsService, 'refund' | 'refundUnrecorded'>;
  /**
   * Voids an active battle, its stakes and energy returned (BattleService.voidBattle); false when
   * it is not active any more.
   */
  voidBattle(
    battleId: string,
    reason: string,
    inChange: (money: MoneyContext) => Promise<unknown>,
  ): Promise<boolean>;
  now: Clock;
}

/** A lookup that found several players (a username reused over time): the operator picks one. */
export interface PlayerCandidates {
  candidates: Array<{ telegram_user_id: string; username: string; created_at: string }>;
}

const refundAudit = (chargeId: string, body: RefundBody, userId: string | null) => ({
  actor: body.actor,
  action: 'refund' as const,
  userId,
  reason: body.reason,
  idempotencyKey: chargeId,
});

const describeAsset = (asset: OperatorAsset) =>
  asset.kind === 'item' ? `item:${asset.item_id}` : `${asset.kind}:${asset.amount}`;

/**
 * The operator's side of the game (rules OPS1–OPS5, decisions D-OPS-1): look players
 * up, grant and take coins, gems and items through the BalanceGateway, kick sockets, list
 * running battles, list payments, reload the catalogue. Every action writes one admin_audit row;
 * a money action writes it in the same balance change as its ledger row, under its idempotency key.
 */
export class AdminService {
  constructor(private readonly deps: AdminServiceDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  /** One player's report, or the candidates when a username matches several. */
  async lookup(query: {
    telegram_user_id?: string | number | undefined;
    username?: string | undefined;
  }): Promise<Result<PlayerReport | PlayerCandidates>> {
    const found = await findPlayers(this.db, query);
    const [only] = found;
    if (!only) return failed('user/not-found');
    if (found.length > 1) {
      return succeeded({
        candidates: found.map((user) => ({
          telegram_user_id: user.telegramUserId.toString(),
          username: user.username,
          created_at: user.createdAt.toISOString(),
        })),
      });
    }
    return succeeded(await playerReport(this.db, only, this.deps.live, this.deps.presence, this.deps.now()));
  }

  private async player(telegramUserId: string): Promise<UserRow | null> {
    const [user] = await findPlayers(this.db, { telegram_user_id: telegramUserId });
    return user ?? null;
  }

  /**
   * OPS2: grants or takes coins, gems or one item. One balance change: the ledger row (coins,
   * gems) or the possession (an item), and the audit row. The same key again answers the first
   * result and changes nothing; the key used with another asset or player is refused.
   */
  async adjust(
    action: 'grant' | 'take',
    telegramUserId: string,
    body: MoneyActionBody,
  ): Promise<Result<MoneyActionResult>> {
    const user = await this.player(telegramUserId);
    if (!user) return failed('user/not-found');
    const key = body.idempotency_key;
    return this.deps.gateway.change(
      user.id,
      async (money) => {
        const [used] = await money.tx
          .select({ userId: adminAudit.userId })
          .from(adminAudit)
          .where(and(eq(adminAudit.action, action), eq(adminAudit.idempotencyKey, key)))
          .limit(1);
        if (used) return money.fail('request/idempotency-mismatch', 'This key was used for another player');
        const moved = await this.move(money, action, user, body);
        const auditId = await recordAudit(money.tx, {
          actor: body.actor,
          action,
          userId: user.id,
          reason: body.reason,
          idempotencyKey: key,
          details: { asset: body.asset, ...moved },
        });
        return {
          action,
          telegram_user_id: user.telegramUserId.toString(),
          asset: body.asset,
          balance_after: moved.balance_after,
          user_item_id: moved.user_item_id,
          audit_id: auditId,
        };
      },
      { idempotencyKey: `ops:${action}:${key}`, scope: `ops:${action}:${describeAsset(body.asset)}` },
    );
  }

  private async move(
    money: MoneyContext,
    action: 'grant' | 'take',
    user: UserRow,
    body: MoneyActionBody,
  ): Promise<{ balance_after: number | null; user_item_id: string | null }> {
    const { asset } = body;
    if (asset.kind === 'item') {
      const possession =
        action === 'grant'
          ? await grantItem(money, user.id, asset.item_id)
          : await takeItem(money, user.id, asset.item_id);
      return { balance_after: null, user_item_id: possession };
    }
    const balance = await money.apply({
      userId: user.id,
      currency: asset.kind,
      delta: action === 'grant' ? asset.amount : -asset.amount,
      reason: `ops:${action}`,
      idempotencyKey: `ops:${action}:${body.idempotency_key}`,
      meta: { actor: body.actor, reason: body.reason },
      insufficient: 'ledger/insufficient-funds',
    });
    return { balance_after: balance, user_item_id: null };
  }

  /**
   * OPS3: closes the player's sockets on every process of a cluster (they reconnect by
   * themselves) and records it. `sockets` counts those closed on this process; `other_processes`
   * those told to close theirs (D-CLUSTER-22).
   */
  async kick(telegramUserId: string, body: OperatorActionBody): Promise<Result<KickCount>> {
    const user = await this.player(telegramUserId);
    if (!user) return failed('user/not-found');
    const closed = await this.deps.kick(user.telegramUserId.toString(), user.id);
    await recordAudit(this.db, {
      actor: body.actor,
      action: 'kick',
      userId: user.id,
      reason: body.reason,
      details: { ...closed },
    });
    return succeeded(closed);
  }

  /** A player's payments (Stars and TON), newest first. */
  async payments(telegramUserId: string): Promise<Result<PaymentRow[]>> {
    const user = await this.player(telegramUserId);
    if (!user) return failed('user/not-found');
    return succeeded(await paymentsOf(this.db, user.id));
  }

  /**
   * OPS5: voids a running battle: stakes and energy go back to its players (BattleService), and
   * the audit row, naming the battle and its entry, is written in the void's own balance change
   * (D-OPS-6): both commit or neither does.
   */
  async voidBattle(battleId: string, body: OperatorActionBody): Promise<Result<{ audit_id: number }>> {
    const [battle] = await this.db.select().from(battles).where(eq(battles.id, battleId)).limit(1);
    if (!battle) return failed('request/not-found', 'No battle has this id');
    const audit: { id: number | null } = { id: null };
    const voided = await this.deps.voidBattle(
      battleId,
      `operator ${body.actor}: ${body.reason}`,
      async (money) => {
        audit.id = await recordAudit(money.tx, {
          actor: body.actor,
          action: 'void-battle',
          userId: battle.player1Id,
          reason: body.reason,
          idempotencyKey: battleId,
          details: {
            battle_id: battleId,
            players: [battle.player1Id, battle.player2Id],
            entry: battle.entry,
          },
        });
      },
    );
    if (!voided || audit.id === null) {
      const [now] = await this.db
        .select({ status: battles.status })
        .from(battles)
        .where(eq(battles.id, battleId));
      return failed('request/conflict', `This battle is not running (it is ${now?.status ?? battle.status})`);
    }
    return succeeded({ audit_id: audit.id });
  }

  /**
   * OPS5: refunds a Telegram Stars payment through the StarsService (its diamonds taken back with
   * it, S5), or, with the payer named, a charge no purchase records (S12). The audit row (its key
   * the charge id) is written inside the refund's balance change (D-OPS-6), so audit and ledger
   * commit together; an unrecorded charge moves no balance, and its row follows Telegram's answer.
   */
  async refund(chargeId: string, body: RefundBody): Promise<Result<RefundResult>> {
    const [recorded] = await this.db
      .select({ id: purchases.id })
      .from(purchases)
      .where(eq(purchases.telegramPaymentChargeId, chargeId))
      .limit(1);
    if (!recorded && body.telegram_user_id !== undefined)
      return this.refundUnrecorded(chargeId, body.telegram_user_id, body);
    const audit: { id: number | null } = { id: null };
    const result = await this.deps.refunds.refund(chargeId, {
      allowShortfall: body.allow_shortfall,
      ...(body.telegram_user_id === undefined ? {} : { telegramUserId: Number(body.telegram_user_id) }),
      inChange: async (money, refund) => {
        audit.id = await recordAudit(money.tx, {
          ...refundAudit(chargeId, body, refund.userId),
          details: {
            charge_id: chargeId,
            purchase_id: refund.purchaseId,
            debited: refund.debited,
            shortfall: refund.shortfall,
            anomaly: refund.anomaly,
          },
        });
      },
    });
    if (!result.ok) return result;
    if (audit.id === null) throw new Error('refund committed without its audit row');
    const { purchase, debited, shortfall, anomaly } = result.value;
    return succeeded({
      charge_id: chargeId,
      purchase: { id: purchase._id, status: purchase.status, diamonds: purchase.diamonds },
      debited,
      shortfall,
      anomaly: anomaly?.reason ?? null,
      audit_id: audit.id,
    });
  }

  private async refundUnrecorded(
    chargeId: string,
    telegramUserId: string,
    body: RefundBody,
  ): Promise<Result<RefundResult>> {
    const result = await this.deps.refunds.refundUnrecorded(Number(telegramUserId), chargeId);
    if (!result.ok) return result;
    const payer = await this.player(telegramUserId);
    const auditId = await recordAudit(this.db, {
      ...refundAudit(chargeId, body, payer?.id ?? null),
      details: { charge_id: chargeId, telegram_user_id: telegramUserId, unrecorded: true },
    });
    return succeeded({
      charge_id: chargeId,
      purchase: null,
      debited: 0,
      shortfall: 0,
      anomaly: null,
      audit_id: auditId,
    });
  }

  /** Battles not settled yet: rooms in this process and rows another process (or a crash) left. */
  async runningBattles(inThisProcess: (battleId: string) => boolean): Promise<RunningBattle[]> {
    const rows = await this.db
      .select()
      .from(battles)
      .where(eq(battles.status, 'active'))
      .orderBy(desc(battles.startedAt))
      .limit(500);
    const playerIds = [
      ...new Set(rows.flatMap((row) => (row.player2Id ? [row.player1Id, row.player2Id] : [row.player1Id]))),
    ];
    const players =
      playerIds.length === 0
        ? []
        : await this.db
            .select({ id: users.id, telegramUserId: users.telegramUserId, username: users.username })
            .from(users)
            .where(inArray(users.id, playerIds));
    const byId = new Map(players.map((player) => [player.id, player]));
    const side = (userId: string) => {
      const player = byId.get(userId);
      return {
        user_id: userId,
        telegram_user_id: player ? player.telegramUserId.toString() : null,
        username: player ? player.username : null,
      };
    };
    return rows.map((row) => ({
      id: row.id,
      mode: row.mode,
      difficulty: row.difficulty,
      players: row.player2Id ? [side(row.player1Id), side(row.player2Id)] : [side(row.player1Id)],
      started_at: row.startedAt.toISOString(),
      in_this_process: inThisProcess(row.id),
      entry: row.entry,
    }));
  }

  /**
   * C4: reloads catalogue/*.json as at start-up, in one transaction with its audit row. A bad
   * file changes nothing and answers `catalogue/invalid` with the problems.
   */
  async reloadCatalogue(body: OperatorActionBody): Promise<Result<CatalogueReloadResult>> {
    try {
      const reload = await this.deps.catalogue.reload(async (tx, load) => ({
        auditId: await recordAudit(tx, {
          actor: body.actor,
          action: 'catalogue-reload',
          userId: null,
          reason: body.reason,
          details: { deactivated: load.deactivated },
        }),
      }));
      return succeeded({
        counts: reload.counts,
        deactivated: reload.deactivated,
        audit_id: reload.value.auditId,
      });
    } catch (error) {
      if (error instanceof CatalogueError)
        return failed('catalogue/invalid', undefined, { problems: error.problems });
      throw error;
    }
  }
}
