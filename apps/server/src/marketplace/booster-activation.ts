import { BOOSTER_DURATION_MS } from '@titans/shared/constants';
import { boosterWindow } from '@titans/shared/marketplace/boosters';
import { and, eq, gt } from 'drizzle-orm';
import { boosterActivations, userItems } from '../db/schema.ts';
import type { MoneyContext } from '../money/balance-gateway.ts';

export interface BoosterCopy {
  userId: string;
  itemId: string;
  /** The player's new possession row of the booster. */
  userItemId: string;
  effects: Record<string, number>;
}

/**
 * Starts a booster copy's effect window inside the balance change that gave it (a purchase or an
 * operator's grant). D-SHOP-2: the window starts when this player's running copy of the same
 * booster ends; the copy leaves the inventory when its window does.
 */
export async function activateBooster(money: MoneyContext, copy: BoosterCopy) {
  const running = await money.tx
    .select({ endsAt: boosterActivations.endsAt })
    .from(boosterActivations)
    .where(
      and(
        eq(boosterActivations.userId, copy.userId),
        eq(boosterActivations.itemId, copy.itemId),
        gt(boosterActivations.endsAt, new Date(money.now)),
      ),
    );
  const window = boosterWindow(
    running.map((row) => row.endsAt.getTime()),
    money.now,
    BOOSTER_DURATION_MS,
  );
  await money.tx.insert(boosterActivations).values({
    userId: copy.userId,
    itemId: copy.itemId,
    userItemId: copy.userItemId,
    effects: copy.effects,
    startsAt: new Date(window.startsAt),
    endsAt: new Date(window.endsAt),
  });
  await money.tx
    .update(userItems)
    .set({ consumedAt: new Date(window.endsAt) })
    .where(eq(userItems.id, copy.userItemId));
  return window;
}
