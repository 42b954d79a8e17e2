import { TON_ORDER_PREFIX, TON_RECENT_LOOKUP } from '@titans/shared/constants';
import type { TonOrder, TonOrderCheck } from '@titans/shared/stars/schemas';
import { and, eq } from 'drizzle-orm';
import { failed, type Result, succeeded } from '../core/result.ts';
import { commentPayloadBoc, friendlyTonAddress, normalizeTxHash, tonToNano } from '../core/ton-address.ts';
import { returnedRow } from '../db/returned.ts';
import { purchases } from '../db/schema.ts';
import type { Account } from '../users/user-service.ts';
import { purchaseForUpdate, type StarsOrders, type StarsServiceDeps, UUID } from './stars-orders.ts';

/** Packages paid in TON, verified on chain (rules S6, S7). */
export class StarsTon {
  constructor(
    private readonly deps: StarsServiceDeps,
    private readonly orders: StarsOrders,
  ) {}

  /** S6: the order a TON payment must name in its comment, and where and how much to pay. */
  async tonOrder(user: Account, packageId: string): Promise<Result<TonOrder>> {
    const { ton } = this.deps;
    if (!ton) return failed('stars/ton-unavailable');
    const pkg = await this.orders.packageRow(packageId);
    if (!pkg) return failed('stars/package-not-found');
    const purchase = await this.orders.insertPending(user, pkg, 'ton', TON_ORDER_PREFIX);
    return succeeded({
      purchase_id: purchase.id,
      order_id: purchase.orderRef,
      address: friendlyTonAddress(ton.wallet),
      amount_nano: tonToNano(pkg.priceCrypto).toString(),
      price_crypto: pkg.priceCrypto,
      crypto_currency: pkg.cryptoCurrency,
      payload: commentPayloadBoc(purchase.orderRef),
    });
  }

  /**
   * S7: a TON transaction credits its package only if it exists, is final, came in to our wallet,
   * carries this player's order comment for that package and paid at least price_crypto. A hash is
   * accepted once, ever. A failed lookup credits nothing and can be retried.
   */
  async cryptoPurchase(
    user: Account,
    request: { packageId: string; transactionHash: string },
  ): Promise<Result<{ diamonds_credited: number; purchase_id: string; tx_hash: string }>> {
    const { ton, database, gateway } = this.deps;
    if (!ton) return failed('stars/ton-unavailable');
    const pkg = await this.orders.packageRow(request.packageId);
    if (!pkg) return failed('stars/package-not-found');
    const hash = normalizeTxHash(request.transactionHash);
    if (!hash) return failed('stars/tx-not-found');
    const [used] = await database.db
      .select({ id: purchases.id })
      .from(purchases)
      .where(eq(purchases.txHash, hash))
      .limit(1);
    if (used) return failed('stars/tx-already-used');

    const lookup = await ton.client.transaction(hash);
    if (!lookup.ok) {
      if (lookup.reason === 'unavailable') {
        this.deps.logger.warn({ hash, detail: lookup.detail }, 'TON API unavailable');
        return failed('stars/chain-unavailable');
      }
      return failed('stars/tx-not-found');
    }
    const tx = lookup.transaction;
    if (tx.account !== ton.wallet || tx.destination !== ton.wallet || tx.source === null)
      return failed('stars/tx-wrong-address');
    const comment = tx.comment;
    if (!comment) return failed('stars/tx-comment-missing');
    if (!tx.final) return failed('stars/tx-not-final');
    if (tx.value < tonToNano(pkg.priceCrypto)) return failed('stars/tx-amount-too-small');

    const result = await gateway.change(user.id, async (money) => {
      const [again] = await money.tx
        .select({ id: purchases.id })
        .from(purchases)
        .where(eq(purchases.txHash, hash));
      if (again) return money.fail('stars/tx-already-used');
      const order = await purchaseForUpdate(money.tx, eq(purchases.orderRef, comment));
      if (!order || order.userId !== user.id || order.method !== 'ton' || order.packageId !== pkg.id)
        return money.fail('stars/tx-comment-missing');
      if (order.txHash === hash) return money.fail('stars/tx-already-used');
      const values = { status: 'paid', txHash: hash, paidAt: new Date(money.now) };
      const paid = returnedRow(
        order.status === 'pending'
          ? await money.tx.update(purchases).set(values).where(eq(purchases.id, order.id)).returning()
          : // A second transfer with an order comment already paid: a purchase of its own.
            await money.tx
              .insert(purchases)
              .values({
                ...values,
                userId: user.id,
                packageId: pkg.id,
                method: 'ton',
                orderRef: `${order.orderRef}/${hash.slice(0, 16)}`,
                diamonds: pkg.diamondAmount,
                createdAt: new Date(money.now),
              })
              .returning(),
        'purchase',
      );
      await money.apply({
        userId: user.id,
        currency: 'gems',
        delta: paid.diamonds,
        reason: 'stars:ton',
        idempotencyKey: `stars:ton:${hash}`,
        meta: { purchase_id: paid.id, package_id: pkg.id, nano: tx.value.toString() },
      });
      return { diamonds_credited: paid.diamonds, purchase_id: paid.id, tx_hash: hash };
    });
    // The same hash committed by another request at the same moment (unique index).
    if (!result.ok && result.code === 'request/conflict') return failed('stars/tx-already-used');
    return result;
  }

  /**
   * S7 after a TON Connect send: looks for the order's comment among the wallet's latest incoming
   * transactions and, when one is there, verifies and credits it exactly like a pasted hash.
   */
  async checkTonOrder(user: Account, purchaseId: string): Promise<Result<TonOrderCheck>> {
    const { ton, database } = this.deps;
    if (!ton) return failed('stars/ton-unavailable');
    if (!UUID.test(purchaseId)) return failed('stars/purchase-not-found');
    const [order] = await database.db
      .select()
      .from(purchases)
      .where(and(eq(purchases.id, purchaseId), eq(purchases.userId, user.id), eq(purchases.method, 'ton')))
      .limit(1);
    if (!order) return failed('stars/purchase-not-found');
    if (order.status !== 'pending')
      return succeeded({ status: 'paid', diamonds_credited: order.diamonds, tx_hash: order.txHash });
    const listing = await ton.client.recent(ton.wallet, TON_RECENT_LOOKUP);
    if (!listing.ok) return failed('stars/chain-unavailable');
    const found = listing.transactions.find(
      (tx) => tx.comment === order.orderRef && tx.destination === ton.wallet && tx.source !== null,
    );
    if (!found) return succeeded({ status: 'pending', diamonds_credited: 0, tx_hash: null });
    if (!found.final) return succeeded({ status: 'pending', diamonds_credited: 0, tx_hash: found.hash });
    const credited = await this.cryptoPurchase(user, {
      packageId: order.packageId,
      transactionHash: found.hash,
    });
    if (!credited.ok) {
      // Another check (a second tab) credited it a moment ago: report the order as paid.
      const [latest] = await database.db.select().from(purchases).where(eq(purchases.id, order.id)).limit(1);
      if (credited.code === 'stars/tx-already-used' && latest?.status === 'paid')
        return succeeded({ status: 'paid', diamonds_credited: latest.diamonds, tx_hash: latest.txHash });
      return credited;
    }
    return succeeded({
      status: 'paid',
      diamonds_credited: credited.value.diamonds_credited,
      tx_hash: found.hash,
    });
  }
}
