import type { DiamondPackage, PurchaseState, Transaction } from '@titans/shared/stars/schemas';
import type { diamondPackages, purchases } from '../db/schema.ts';

export type PackageRow = typeof diamondPackages.$inferSelect;
export type PurchaseRow = typeof purchases.$inferSelect;

/** Diamond package: price_usd carries the price in Stars. */
export function packageView(row: PackageRow): DiamondPackage {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    image_url: row.imageUrl,
    diamond_amount: row.diamondAmount,
    price_usd: row.priceStars,
    price_crypto: row.priceCrypto,
    crypto_currency: row.cryptoCurrency,
    discount_percentage: row.discountPercentage,
  };
}

export function purchaseView(row: PurchaseRow): PurchaseState {
  return {
    _id: row.id,
    package_id: row.packageId,
    order_id: row.orderRef,
    method: row.method === 'ton' ? 'ton' : 'telegram_stars',
    status:
      row.status === 'paid' || row.status === 'anomaly' || row.status === 'refunded' ? row.status : 'pending',
    stars_amount: row.starsAmount,
    diamonds: row.diamonds,
    diamonds_credited: row.status === 'paid' ? row.diamonds : 0,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}

/**
 * One Stars deal "Transaction": the purchase, and a second entry when it was
 * refunded. A payment that did not match its invoice (rule S10) credited nothing: its entry shows
 * what Telegram took, an amount of 0 and the status "not credited" (decisions: D-STARS-11).
 */
export function purchaseTransactions(row: PurchaseRow, pkg: PackageRow): Transaction[] {
  const { anomaly } = row;
  const details = (date: Date) => ({
    name: pkg.name,
    description: pkg.description,
    image_url: pkg.imageUrl,
    price: anomaly ? anomaly.totalAmount : row.method === 'ton' ? Number(pkg.priceCrypto) : row.starsAmount,
    currency: anomaly ? anomaly.currency : row.method === 'ton' ? pkg.cryptoCurrency : 'XTR',
    item_type: 'diamonds',
    rarity: null,
    purchase_date: date.toISOString(),
  });
  const paidAt = row.paidAt ?? row.createdAt;
  const entries: Transaction[] = [
    {
      _id: row.id,
      type: row.method === 'ton' ? 'DIAMOND_PURCHASE_TON' : 'DIAMOND_PURCHASE_STARS',
      amount: anomaly ? 0 : row.diamonds,
      timestamp: paidAt.toISOString(),
      tx_hash: row.txHash ?? row.telegramPaymentChargeId,
      status: anomaly ? 'not credited' : 'completed',
      item_details: details(paidAt),
    },
  ];
  if (row.refundedAt) {
    entries.push({
      _id: `${row.id}:refund`,
      type: 'DIAMOND_REFUND',
      amount: anomaly ? 0 : -(row.diamonds - (row.refundShortfall ?? 0)),
      timestamp: row.refundedAt.toISOString(),
      tx_hash: row.telegramPaymentChargeId,
      status: 'refunded',
      item_details: details(row.refundedAt),
    });
  }
  return entries;
}
