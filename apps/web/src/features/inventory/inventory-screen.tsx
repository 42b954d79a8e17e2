import type { InventoryType } from '@titans/shared/inventory/schemas';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { cx } from '../../lib/cx.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { getLaunchContext } from '../../lib/telegram/launch-context.ts';
import { useInventory } from './api/get-inventory.ts';
import { BackgroundConfirm } from './background-confirm.tsx';
import { InventoryCard } from './inventory-card.tsx';
import { DEFAULT_BACKGROUND_ENTRY, PROFILE_INVENTORY_TABS } from './inventory-entry.ts';
import {
  equipAction,
  InventoryEmpty,
  InventoryLoadFailed,
  InventoryLoading,
  useEquipped,
} from './inventory-states.tsx';
import { useInventoryActions } from './use-inventory-actions.ts';

/**
 * The standalone inventory (/inventory): a 2-column grid with filter chips (All Items
 * and each type, sent as `item_type`), a "Filtering by" line with Clear filter, and cards with the
 * description, purchase date and bonus; Equip changes the Home hero.
 */
export function InventoryScreen({ footer }: { footer?: ReactNode }) {
  const telegramUserId = getLaunchContext().player?.id ?? '';
  const [type, setType] = useState<InventoryType | null>(null);
  const inventory = useInventory(telegramUserId, type ? { item_type: type } : {});
  const actions = useInventoryActions();
  const equipped = useEquipped();
  const label =
    PROFILE_INVENTORY_TABS.find((tab) => tab.type === type)?.label ?? t('inventoryScreen.allItems');
  const items = inventory.data?.items ?? [];
  const entries = type === null || type === 'background' ? [...items, DEFAULT_BACKGROUND_ENTRY] : items;

  let body: ReactNode;
  if (inventory.isError) {
    body = <InventoryLoadFailed error={inventory.error} onRetry={() => void inventory.refetch()} />;
  } else if (!inventory.data) {
    body = <InventoryLoading cards={4} className="grid grid-cols-2 gap-3" />;
  } else if (type === null && items.length === 0) {
    body = <InventoryEmpty />;
  } else if (entries.length === 0) {
    body = <EmptyState art="backpack" title={t('inventoryScreen.noAvailable', { label })} />;
  } else {
    body = (
      <div className="grid grid-cols-2 gap-3">
        {entries.map((entry) => (
          <InventoryCard
            key={entry._id}
            entry={entry}
            detailed
            equipped={equipped(entry)}
            busy={actions.equipping !== null}
            onEquip={equipAction(entry, actions)}
          />
        ))}
      </div>
    );
  }

  return (
    <section aria-label={t('inventoryScreen.inventory')} className="px-4 pt-1 pb-4">
      <h1 className="font-display text-[30px] leading-tight text-gold">{t('inventoryScreen.inventory')}</h1>
      <FilterChips type={type} onType={setType} />
      {type !== null && (
        <p className="mt-2 flex items-center justify-between rounded-xl bg-white/[0.05] px-3 py-1.5 text-[13px] text-muted">
          <span>
            {t('inventoryScreen.filteringBy')}
            <span className="font-black text-ink">{label}</span>
          </span>
          <button type="button" className="font-black text-gold-300" onClick={() => setType(null)}>
            {t('inventoryScreen.clearFilter')}
          </button>
        </p>
      )}
      <div className="mt-3">{body}</div>
      {footer && <div className="mt-5">{footer}</div>}
      <BackgroundConfirm
        entry={actions.pendingBackground}
        saving={actions.savingBackground}
        onConfirm={actions.confirmBackground}
        onCancel={actions.cancelBackground}
      />
    </section>
  );
}

/** All Items and one chip per type; the chosen one is pressed. */
function FilterChips({
  type,
  onType,
}: {
  type: InventoryType | null;
  onType(type: InventoryType | null): void;
}) {
  return (
    <div className="no-scrollbar -mx-4 mt-2 flex gap-1.5 overflow-x-auto px-4 pb-1">
      {PROFILE_INVENTORY_TABS.map((tab) => {
        const selected = tab.type === type;
        return (
          <button
            key={tab.label}
            type="button"
            aria-pressed={selected}
            onClick={() => {
              haptics.selection();
              onType(tab.type);
            }}
            className={cx(
              'shrink-0 rounded-full px-3.5 py-1.5 text-[13px] font-extrabold whitespace-nowrap',
              selected
                ? 'bg-[linear-gradient(180deg,#fff0a8,#ffc21f_60%,#f59300)] text-[#4a2300] shadow-[0_3px_0_#a85a00]'
                : 'bg-white/[0.07] text-ink/80 ring-1 ring-white/10',
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
