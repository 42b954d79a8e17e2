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
  return entry.character_details?.name ?? entry.item_details?.name ?? 'Unknown';
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
  if (effects.power_boost) parts.push(`+${formatNumber(effects.power_boost)} Attack`);
  if (effects.defense_boost) parts.push(`+${formatNumber(effects.defense_boost)} Defense`);
  if (effects.energy_boost) parts.push(`+${formatNumber(effects.energy_boost)} Energy`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

export function purchaseDateText(entry: InventoryEntry): string {
  if (!entry.purchase_date) return 'Free';
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
  { label: 'Weapons', type: 'weapon' },
  { label: 'Armor', type: 'armour' },
  { label: 'Shield', type: 'shield' },
  { label: 'Characters', type: 'character' },
  { label: 'Background', type: 'background' },
  { label: 'Booster', type: 'boost' },
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
    { title: 'Weapons', match: (entry) => !entry.is_limited && entry.item_type === 'weapon' },
    { title: 'Armor', match: (entry) => !entry.is_limited && entry.item_type === 'armour' },
    { title: 'Shields', match: (entry) => !entry.is_limited && entry.item_type === 'shield' },
    { title: 'Characters', match: (entry) => !entry.is_limited && entry.item_type === 'character' },
    { title: 'Backgrounds', match: (entry) => !entry.is_limited && entry.item_type === 'background' },
    { title: 'Boosters', match: (entry) => !entry.is_limited && entry.item_type === 'boost' },
  ];
