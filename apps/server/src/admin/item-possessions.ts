import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import { boosterActivations, items, userItems, users } from '../db/schema.ts';
import { activateBooster } from '../marketplace/booster-activation.ts';
import type { MoneyContext } from '../money/balance-gateway.ts';

/*
 * The possessions an operator grants or takes (OPS2), inside the grant's or take's balance change.
 */

/** An item as if bought for 0 (a booster starts its effect window, D-SHOP-2); `sold` counts sales only. */
export async function grantItem(money: MoneyContext, userId: string, itemId: string): Promise<string> {
  const [item] = await money.tx.select().from(items).where(eq(items.id, itemId)).limit(1);
  if (!item) return money.fail('shop/item-not-found');
  const booster = item.itemType === 'boost';
  const [owned] = await money.tx
    .insert(userItems)
    .values({
      userId,
      itemId,
      uniqueKey: booster ? null : itemId,
      purchasePrice: 0,
      currency: item.currency,
      purchaseDate: new Date(money.now),
    })
    .onConflictDoNothing()
    .returning({ id: userItems.id });
  if (!owned) return money.fail('shop/item-owned');
  if (booster) await activateBooster(money, { userId, itemId, userItemId: owned.id, effects: item.effects });
  return owned.id;
}

/**
 * Removes one possession of the item (a booster: the newest still running, whose effect ends);
 * an equipped background goes back to the default.
 */
export async function takeItem(money: MoneyContext, userId: string, itemId: string): Promise<string> {
  const [owned] = await money.tx
    .select({ id: userItems.id })
    .from(userItems)
    .where(
      and(
        eq(userItems.userId, userId),
        eq(userItems.itemId, itemId),
        or(isNull(userItems.consumedAt), gt(userItems.consumedAt, new Date(money.now))),
      ),
    )
    .orderBy(desc(userItems.purchaseDate))
    .limit(1);
  if (!owned) return money.fail('request/not-found', `The player does not own ${itemId}`);
  await money.tx.delete(boosterActivations).where(eq(boosterActivations.userItemId, owned.id));
  await money.tx.delete(userItems).where(eq(userItems.id, owned.id));
  await money.tx
    .update(users)
    .set({ backgroundItemId: null, updatedAt: new Date(money.now) })
    .where(and(eq(users.id, userId), eq(users.backgroundItemId, itemId)));
  return owned.id;
}
