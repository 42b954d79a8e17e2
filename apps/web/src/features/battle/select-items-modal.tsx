import { MAX_EQUIPPED_ITEMS, TOAST_MS } from '@titans/shared/constants';
import type { InventoryEntry } from '@titans/shared/inventory/schemas';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { cx } from '../../lib/cx.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';

const GROUPS = [
  {
    type: 'weapon',
    get title() {
      return t('shopCategories.weapons');
    },
  },
  {
    type: 'armour',
    get title() {
      return t('shopCategories.armor');
    },
  },
  {
    type: 'shield',
    get title() {
      return t('shopCategories.shields');
    },
  },
] as const;

function effectLine(entry: InventoryEntry) {
  const effects = entry.item_details?.effects ?? {};
  const parts = [];
  if (effects.power_boost) parts.push(`+${formatNumber(effects.power_boost)} ${t('productDetail.atk')}`);
  if (effects.defense_boost) parts.push(`+${formatNumber(effects.defense_boost)} ${t('productDetail.def')}`);
  if (effects.energy_boost) parts.push(`+${formatNumber(effects.energy_boost)} ${t('productDetail.hp')}`);
  return parts.join(' · ');
}

/** One owned item in Select Items: picture, name, effects, count, and a check when chosen. */
function ItemTile({ entry, on, onToggle }: { entry: InventoryEntry; on: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={entry.item_details?.name}
      onClick={onToggle}
      className={cx(
        'relative flex flex-col items-center rounded-2xl p-2 ring-2 transition-transform active:scale-95',
        on ? 'bg-gold-400/20 ring-gold-300' : 'bg-night-950/60 ring-white/10',
      )}
    >
      <img src={entry.item_details?.image_url} alt="" className="size-12 object-contain" />
      <span className="mt-1 line-clamp-2 text-[11px] font-bold leading-tight text-ink">
        {entry.item_details?.name}
      </span>
      <span className="text-[10px] text-energy-300">{effectLine(entry)}</span>
      {entry.count > 1 && (
        <span className="absolute top-1 end-1.5 text-[10px] font-black text-gold-200">
          {t('selectItemsModal.x', { count: entry.count })}
        </span>
      )}
      {/* Inside the card: the list scrolls, and a scroll box clips what sticks out of it (W20). */}
      {on && (
        <span className="absolute top-1 start-1 grid size-5 place-items-center rounded-full bg-gold-400 text-[12px] font-black text-[#4a2300] shadow-[0_1px_0_#7a4a00]">
          <svg viewBox="0 0 16 16" className="size-3" aria-hidden="true">
            <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.5" />
          </svg>
        </span>
      )}
    </button>
  );
}

/** One of Select Items' groups (Weapons, Armor, Shields); nothing when the player owns none. */
function ItemGroup({
  title,
  entries,
  picked,
  onToggle,
}: {
  title: string;
  entries: InventoryEntry[];
  picked: string[];
  onToggle: (itemId: string) => void;
}) {
  if (entries.length === 0) return null;
  return (
    <section>
      <h3 className="text-[12px] font-black tracking-[0.16em] text-gold-200/90 uppercase">{title}</h3>
      <div className="mt-2 grid grid-cols-3 gap-2">
        {entries.map((entry) => {
          const itemId = entry.item_id;
          if (!itemId) return null;
          return (
            <ItemTile
              key={entry._id}
              entry={entry}
              on={picked.includes(itemId)}
              onToggle={() => onToggle(itemId)}
            />
          );
        })}
      </div>
    </section>
  );
}

/** Select Items: grouped Weapons / Armor / Shields (D-UI-19), at most 3, 'N of 3 items selected'. */
export function SelectItemsModal({
  open,
  items,
  selected,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  items: InventoryEntry[];
  selected: string[];
  onCancel: () => void;
  onConfirm: (items: string[]) => void;
}) {
  const [picked, setPicked] = useState<string[]>(selected);
  const [limitAt, setLimitAt] = useState<number | null>(null);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setPicked(selected);
  }
  const toggle = (itemId: string) => {
    if (picked.includes(itemId)) return setPicked(picked.filter((id) => id !== itemId));
    if (picked.length >= MAX_EQUIPPED_ITEMS) {
      setLimitAt(Date.now());
      setTimeout(() => setLimitAt(null), TOAST_MS);
      return;
    }
    setPicked([...picked, itemId]);
  };
  const equippable = items.filter((entry) => GROUPS.some((group) => group.type === entry.item_type));
  return (
    <Dialog
      open={open}
      title={t('selectItemsModal.selectItems')}
      onClose={onCancel}
      actions={
        <>
          <Button block size="lg" onClick={() => onConfirm(picked)}>
            {t('selectItemsModal.confirmSelection', { length: picked.length, MAX_EQUIPPED_ITEMS })}
          </Button>
          <Button block variant="ghost" onClick={onCancel}>
            {t('selectItemsModal.cancel')}
          </Button>
        </>
      }
    >
      <p className="text-[14px] text-muted" data-testid="items-counter">
        {t('selectItemsModal.ofItemsSelected', { length: picked.length, MAX_EQUIPPED_ITEMS })}
      </p>
      {limitAt && (
        <p
          role="alert"
          className="mt-2 rounded-xl bg-danger-500/90 px-3 py-2 text-[14px] font-bold text-white"
        >
          {t('selectItemsModal.youCanOnlySelect')}
        </p>
      )}
      {/* Padding round the grid keeps a chosen card's ring inside the scroll box (W20). */}
      <div className="mt-3 max-h-[46vh] space-y-4 overflow-y-auto p-1 text-start">
        {equippable.length === 0 && (
          <p className="py-6 text-center text-[15px] text-muted">
            {t('selectItemsModal.noItemsAvailableVisit')}
          </p>
        )}
        {GROUPS.map((group) => (
          <ItemGroup
            key={group.type}
            title={group.title}
            entries={equippable.filter((entry) => entry.item_type === group.type)}
            picked={picked}
            onToggle={toggle}
          />
        ))}
      </div>
    </Dialog>
  );
}
