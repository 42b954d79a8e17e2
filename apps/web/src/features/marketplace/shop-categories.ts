import { MARKETPLACE_RACES } from '@titans/shared/characters/schemas';
import type { ItemType } from '@titans/shared/inventory/schemas';
import { t } from '../../lib/i18n/i18n.ts';

/** The category tabs, in order, with the item type each one lists. */
export const SHOP_CATEGORIES = [
  {
    key: 'characters',
    get label() {
      return t('shopCategories.characters');
    },
    itemType: null,
    icon: '/art/characters/kong-the-thunderfist.svg',
  },
  {
    key: 'weapons',
    get label() {
      return t('shopCategories.weapons');
    },
    itemType: 'weapon',
    icon: '/art/items/thunder-maul.svg',
  },
  {
    key: 'armor',
    get label() {
      return t('shopCategories.armor');
    },
    itemType: 'armour',
    icon: '/art/items/knights-helm.svg',
  },
  {
    key: 'shields',
    get label() {
      return t('shopCategories.shields');
    },
    itemType: 'shield',
    icon: '/art/items/crimson-aegis.svg',
  },
  {
    key: 'boosters',
    get label() {
      return t('shopCategories.boosters');
    },
    itemType: 'boost',
    icon: '/art/items/spark-tonic.svg',
  },
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
  {
    key: 'ALL',
    get label() {
      return t('shopCategories.all');
    },
  },
  ...MARKETPLACE_RACES.map((race) => ({
    key: race,
    get label() {
      return raceName(race);
    },
  })),
] as const;

/** A race's name in the player's language (the server sends its id, APE…). */
export function raceName(race: (typeof MARKETPLACE_RACES)[number]): string {
  switch (race) {
    case 'APE':
      return t('shopCategories.raceApe');
    case 'CAT':
      return t('shopCategories.raceCat');
    case 'DOG':
      return t('shopCategories.raceDog');
    case 'MEDUSA':
      return t('shopCategories.raceMedusa');
    case 'PANDA':
      return t('shopCategories.racePanda');
    case 'TIGER':
      return t('shopCategories.raceTiger');
  }
}

export type RaceFilterKey = 'ALL' | (typeof MARKETPLACE_RACES)[number];
