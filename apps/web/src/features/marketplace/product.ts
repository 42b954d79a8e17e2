import type { Character } from '@titans/shared/characters/schemas';
import type { ItemEffects, ItemType } from '@titans/shared/inventory/schemas';
import type { ItemCurrency, MarketplaceItem } from '@titans/shared/marketplace/schemas';
import { t } from '../../lib/i18n/i18n.ts';

/** What a shop card and the detail page show: an item or a character, priced in gold or Stars. */
export interface Product {
  kind: 'item' | 'character';
  id: string;
  name: string;
  description: string;
  image: string;
  rarity: string;
  price: number;
  currency: ItemCurrency;
  isLimited: boolean;
  /** Units left of a limited stock; null when unlimited. */
  remaining: number | null;
  owned: boolean;
  type: ItemType | 'character';
  effects: ItemEffects;
  character: Pick<Character, 'race' | 'health' | 'power' | 'defense' | 'speed' | 'tapValue'> | null;
}

export function itemProduct(item: MarketplaceItem): Product {
  return {
    kind: 'item',
    id: item._id,
    name: item.name,
    description: item.description,
    image: item.image_url,
    rarity: item.rarity,
    price: item.price,
    currency: item.currency,
    isLimited: item.is_limited,
    remaining: item.remaining,
    owned: item.is_owned && item.item_type !== 'boost',
    type: item.item_type,
    effects: item.effects,
    character: null,
  };
}

/** The server's `isOwned` decides whether the card and detail page say Owned. */
export function characterProduct(character: Character): Product {
  return {
    kind: 'character',
    id: character._id,
    name: character.name,
    description: character.description,
    image: character.image_url || character.image,
    rarity: character.rarity,
    price: character.price,
    currency: character.currency === 'gems' ? 'diamonds' : 'gold',
    isLimited: character.is_limited,
    remaining: null,
    owned: character.isOwned,
    type: 'character',
    effects: {},
    character: {
      race: character.race,
      health: character.health,
      power: character.power,
      defense: character.defense,
      speed: character.speed,
      tapValue: character.tapValue,
    },
  };
}

/** Effect lines as the detail page names them. */
export const EFFECT_LABELS: Record<keyof ItemEffects, string> = {
  get energy_boost() {
    return t('product.energyBoost');
  },
  get defense_boost() {
    return t('product.defenseBoost');
  },
  get power_boost() {
    return t('product.powerBoost');
  },
};
const EFFECT_KEYS: ReadonlyArray<keyof ItemEffects> = ['energy_boost', 'defense_boost', 'power_boost'];

export function effectLines(
  effects: ItemEffects,
): Array<{ key: keyof ItemEffects; label: string; value: number }> {
  return EFFECT_KEYS.flatMap((key) => {
    const value = effects[key];
    return value ? [{ key, label: EFFECT_LABELS[key], value }] : [];
  });
}
