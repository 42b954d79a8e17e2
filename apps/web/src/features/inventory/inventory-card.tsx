import type { InventoryEntry } from '@titans/shared/inventory/schemas';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { cx } from '../../lib/cx.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { entryBonus, entryImage, entryName, entryRarity, purchaseDateText } from './inventory-entry.ts';

const RARITY_RING: Record<string, string> = {
  common: 'ring-slate-300/40',
  uncommon: 'ring-emerald-300/55',
  rare: 'ring-sky-300/65',
  epic: 'ring-fuchsia-300/70',
  legendary: 'ring-amber-300/85',
};

const RARITY_GLOW: Record<string, string> = {
  common: 'bg-[radial-gradient(circle_at_50%_45%,rgb(203_213_225/0.35),transparent_70%)]',
  uncommon: 'bg-[radial-gradient(circle_at_50%_45%,rgb(74_222_128/0.4),transparent_70%)]',
  rare: 'bg-[radial-gradient(circle_at_50%_45%,rgb(56_189_248/0.45),transparent_70%)]',
  epic: 'bg-[radial-gradient(circle_at_50%_45%,rgb(217_70_239/0.45),transparent_70%)]',
  legendary: 'bg-[radial-gradient(circle_at_50%_45%,rgb(251_191_36/0.5),transparent_70%)]',
};

export interface InventoryCardProps {
  entry: InventoryEntry;
  /** The selected character or the background in use: it says Equipped and cannot be chosen. */
  equipped: boolean;
  busy: boolean;
  /** The standalone /inventory shows the description and the bonus too. */
  detailed?: boolean;
  onEquip?(): void;
}

/**
 * One possession: picture, name, purchase date (spec-a §2), a count badge for boosters above one
 * ("N items"), and Equip for characters and backgrounds.
 */
export function InventoryCard({ entry, equipped, busy, detailed = false, onEquip }: InventoryCardProps) {
  const [failed, setFailed] = useState(false);
  const name = entryName(entry);
  const rarity = entryRarity(entry).toLowerCase();
  const bonus = entryBonus(entry);
  const equippable = entry.item_type === 'character' || entry.item_type === 'background';
  return (
    <article
      aria-label={name}
      data-testid="inventory-card"
      className={cx(
        'relative flex flex-col overflow-hidden rounded-[18px] bg-[linear-gradient(180deg,#2a2160,#16113a)] ring-2 shadow-[0_6px_14px_rgb(0_0_0/0.35)]',
        equipped
          ? 'ring-gold-300 shadow-[0_0_18px_rgb(255_194_31/0.4)]'
          : (RARITY_RING[rarity] ?? RARITY_RING.common),
      )}
    >
      <div className="relative grid aspect-square place-items-center overflow-hidden">
        <span aria-hidden className={cx('absolute inset-0', RARITY_GLOW[rarity] ?? RARITY_GLOW.common)} />
        {failed ? (
          <span className="relative text-[28px] text-white/30">?</span>
        ) : (
          <img
            src={entryImage(entry)}
            alt=""
            loading="lazy"
            onError={() => setFailed(true)}
            // Every catalogue picture is a finished card or a realm's landscape: it covers its frame.
            className="absolute inset-0 size-full object-cover"
          />
        )}
        {entry.count > 1 && (
          <span className="absolute top-1.5 end-1.5 rounded-full bg-gold-300 px-2 py-0.5 text-[10px] font-black text-[#4a2300] shadow-[0_2px_0_#a85a00]">
            {t('inventoryCard.items', { count: entry.count })}
          </span>
        )}
        {entry.is_limited && (
          <span className="absolute top-1.5 start-1.5 rounded-md bg-[linear-gradient(180deg,#ff6b6b,#d61f4b)] px-1.5 text-[9px] font-black tracking-[0.12em] text-white">
            {t('inventoryCard.limited')}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-0.5 px-2.5 pt-1.5 pb-2.5">
        <h3 className="line-clamp-2 text-[13px] leading-tight font-extrabold text-ink">{name}</h3>
        {detailed && entry.item_details?.description && (
          <p className="line-clamp-2 text-[11px] leading-snug text-muted">{entry.item_details.description}</p>
        )}
        {detailed && bonus && <p className="text-[12px] font-black text-success-400">{bonus}</p>}
        <p className="text-[11px] text-faint">{purchaseDateText(entry)}</p>
        {equippable && onEquip && (
          <Button
            size="sm"
            variant={equipped ? 'ghost' : 'primary'}
            className="mt-1.5"
            block
            disabled={equipped || busy}
            onClick={onEquip}
          >
            {equipped
              ? t('inventoryCard.equipped')
              : entry.item_type === 'character'
                ? t('inventoryCard.equip')
                : t('inventoryCard.set')}
          </Button>
        )}
      </div>
    </article>
  );
}
