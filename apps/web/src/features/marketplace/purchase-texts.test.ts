import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import type { Product } from './product.ts';
import { insufficientFunds, PURCHASE_TEXTS, purchaseButtonLabel, purchaseFailure } from './purchase-texts.ts';

const base: Product = {
  kind: 'item',
  id: 'ember-dagger',
  name: 'Ember Dagger',
  description: '',
  image: '/art/items/ember-dagger.svg',
  rarity: 'common',
  price: 2_000,
  currency: 'gold',
  isLimited: false,
  remaining: null,
  owned: false,
  type: 'weapon',
  effects: { power_boost: 5 },
  character: null,
};

describe('purchase texts', () => {
  it('labels the button by currency', () => {
    expect(purchaseButtonLabel(base)).toBe('Purchase With Gold');
    expect(purchaseButtonLabel({ ...base, currency: 'diamonds' })).toBe('Purchase With Stars');
  });

  it('checks the balance of the item currency before calling', () => {
    expect(insufficientFunds(base, 1_999, 10_000)?.message).toBe('Insufficient coins to purchase this item');
    expect(insufficientFunds(base, 2_000, 0)).toBeNull();
    const stars = { ...base, currency: 'diamonds' as const, price: 100 };
    expect(insufficientFunds(stars, 1_000_000, 99)?.message).toBe(
      'Insufficient diamonds to purchase this item',
    );
  });

  it('an already-own answer shows its note and Close; for boosters it is an unexpected error', () => {
    const owned = new ApiError(409, 'shop/item-owned', 'You already own this item');
    expect(purchaseFailure(base, owned)).toEqual({
      message: 'You already own this item',
      note: PURCHASE_TEXTS.itemOnce,
      alreadyOwned: true,
    });
    const hero = { ...base, kind: 'character' as const, type: 'character' as const };
    expect(
      purchaseFailure(hero, new ApiError(409, 'shop/character-owned', 'You already own this character')),
    ).toEqual({
      message: 'You already own this character',
      note: 'Characters can only be purchased once.',
      alreadyOwned: true,
    });
    expect(purchaseFailure({ ...base, type: 'boost' }, owned).message).toBe(
      'Purchase failed. Please try again.',
    );
    // Matched by code, never by the message's words.
    const worded = new ApiError(400, 'request/invalid', 'You already own this item');
    expect(purchaseFailure(base, worded)).toMatchObject({
      message: 'You already own this item',
      alreadyOwned: false,
    });
  });

  it('prefers the server message, else the default texts', () => {
    expect(purchaseFailure(base, new ApiError(409, 'shop/sold-out', 'This item is sold out')).message).toBe(
      'This item is sold out',
    );
    expect(
      purchaseFailure(base, new ApiError(0, 'client/network', 'Could not reach the game server')).message,
    ).toBe('Purchase failed. Please try again.');
    expect(purchaseFailure(base, new Error('boom')).message).toBe('Failed to purchase item');
    expect(
      purchaseFailure({ ...base, kind: 'character', type: 'character' }, new Error('boom')).message,
    ).toBe('Failed to purchase character');
  });
});
