import { MARKETPLACE_RACES } from '@titans/shared/characters/schemas';
import type { ItemType } from '@titans/shared/inventory/schemas';
import { t } from '../../lib/i18n/i18n.ts';

/** The category tabs, in order, with the item type each one lists. */
export const SHOP_CATEGORIES = [
  {
    key: 'characters',
    label: 'Characters',
    itemType: null,
    icon: '/art/characters/kong-the-thunderfist.svg',
  },
  { key: 'weapons', label: 'Weapons', itemType: 'weapon', icon: '/art/items/thunder-maul.svg' },
  { key: 'armor', label: 'Armor', itemType: 'armour', icon: '/art/items/knights-helm.svg' },
  { key: 'shields', label: 'Shields', itemType: 'shield', icon: '/art/items/crimson-aegis.svg' },
  { key: 'boosters', label: 'Boosters', itemType: 'boost', icon: '/art/items/spark-tonic.svg' },
  {
    key: 'realms',
    get label() {
      return t('shopCategories.titansRealms');
    },
    itemType: 'background',
    icon: '/art/backgrounds/astral-throne.jpg',
  },
] as const satisfies ReadonlyArray<{ key: string; label: string; itemType: ItemType | null; icon: string }>;

export type ShopCategory = (typeof SHOP_CATEGORIES)[number];
export type ShopCategoryKey = ShopCategory['key'];

/** The race filter row: All, Ape, Cat, Dog, Medusa, Panda, Tiger. */
export const RACE_FILTERS = [
  { key: 'ALL', label: 'All' },
  ...MARKETPLACE_RACES.map((race) => ({ key: race, label: race.charAt(0) + race.slice(1).toLowerCase() })),
] as const;

export type RaceFilterKey = 'ALL' | (typeof MARKETPLACE_RACES)[number];
