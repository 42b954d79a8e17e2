import { DEFAULT_BACKGROUND_URL } from '@titans/shared/constants';
import type { InventoryEntry, InventoryType } from '@titans/shared/inventory/schemas';
import { formatDate } from '../../lib/format-date.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';

/** A synthetic free Default Background entry is always added locally. */
export const DEFAULT_BACKGROUND_ENTRY: InventoryEntry = {
  _id: 'default-background',
  item_id: null,
  character_id: null,
  item_type: 'background',
  character_details: null,
  item_details: {
    get name() {
      return t('inventoryEntry.defaultBackground');
    },
    get description() {
      return t('inventoryEntry.theOriginalTitansRealm');
    },
    image_url: DEFAULT_BACKGROUND_URL,
    item_type: 'background',
    rarity: 'common',
    is_limited: false,
    effects: {},
  },
  purchase_price: 0,
  purchase_date: '',
  currency: 'coins',
  is_limited: false,
  count: 1,
};

export function entryName(entry: InventoryEntry): string {
  return entry.character_details?.name ?? entry.item_details?.name ?? t('inventoryEntry.unknown');
}

export function entryImage(entry: InventoryEntry): string {
  return entry.character_details?.image ?? entry.item_details?.image_url ?? '';
}

export function entryRarity(entry: InventoryEntry): string {
  return entry.character_details?.rarity ?? entry.item_details?.rarity ?? 'common';
}

/** Standalone inventory: "a bonus such as +N Attack or Defense". */
export function entryBonus(entry: InventoryEntry): string | null {
  const effects = entry.item_details?.effects ?? {};
  const parts: string[] = [];
  if (effects.power_boost)
    parts.push(t('inventoryEntry.plusAttack', { amount: formatNumber(effects.power_boost) }));
  if (effects.defense_boost)
    parts.push(t('inventoryEntry.plusDefense', { amount: formatNumber(effects.defense_boost) }));
  if (effects.energy_boost)
    parts.push(t('inventoryEntry.plusEnergy', { amount: formatNumber(effects.energy_boost) }));
  return parts.length > 0 ? parts.join(' · ') : null;
}

export function purchaseDateText(entry: InventoryEntry): string {
  if (!entry.purchase_date) return t('inventoryEntry.free');
  return formatDate(entry.purchase_date, { day: 'numeric', month: 'short', year: 'numeric' }, 'en-GB');
}

/** The inventory filters with the `item_type` each sends (lowercase). */
export const PROFILE_INVENTORY_TABS: ReadonlyArray<{ label: string; type: InventoryType | null }> = [
  {
    get label() {
      return t('inventoryEntry.allItems');
    },
    type: null,
  },
  {
    get label() {
      return t('inventoryEntry.tabWeapons');
    },
    type: 'weapon',
  },
  {
    get label() {
      return t('inventoryEntry.tabArmor');
    },
    type: 'armour',
  },
  {
    get label() {
      return t('inventoryEntry.tabShield');
    },
    type: 'shield',
  },
  {
    get label() {
      return t('inventoryEntry.tabCharacters');
    },
    type: 'character',
  },
  {
    get label() {
      return t('inventoryEntry.tabBackground');
    },
    type: 'background',
  },
  {
    get label() {
      return t('inventoryEntry.tabBooster');
    },
    type: 'boost',
  },
];

/** The All view's sections, in order (shields join armours' neighbours). */
export const ALL_VIEW_SECTIONS: ReadonlyArray<{ title: string; match: (entry: InventoryEntry) => boolean }> =
  [
    {
      get title() {
        return t('inventoryEntry.limitedCollection');
      },
      match: (entry) => entry.is_limited,
    },
    {
      get title() {
        return t('inventoryEntry.sectionWeapons');
      },
      match: (entry) => !entry.is_limited && entry.item_type === 'weapon',
    },
    {
      get title() {
        return t('inventoryEntry.sectionArmor');
      },
      match: (entry) => !entry.is_limited && entry.item_type === 'armour',
    },
    {
      get title() {
        return t('inventoryEntry.sectionShields');
      },
      match: (entry) => !entry.is_limited && entry.item_type === 'shield',
    },
    {
      get title() {
        return t('inventoryEntry.sectionCharacters');
      },
      match: (entry) => !entry.is_limited && entry.item_type === 'character',
    },
    {
      get title() {
        return t('inventoryEntry.sectionBackgrounds');
      },
      match: (entry) => !entry.is_limited && entry.item_type === 'background',
    },
    {
      get title() {
        return t('inventoryEntry.sectionBoosters');
      },
      match: (entry) => !entry.is_limited && entry.item_type === 'boost',
    },
  ];
