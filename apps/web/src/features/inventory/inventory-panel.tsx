import type { InventoryEntry, InventoryType } from '@titans/shared/inventory/schemas';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Tabs } from '../../components/tabs.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { cx } from '../../lib/cx.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { getLaunchContext } from '../../lib/telegram/launch-context.ts';
import { useInventory } from './api/get-inventory.ts';
import { BackgroundConfirm } from './background-confirm.tsx';
import { InventoryCard } from './inventory-card.tsx';
import {
  ALL_VIEW_SECTIONS,
  DEFAULT_BACKGROUND_ENTRY,
  entryName,
  PROFILE_INVENTORY_TABS,
} from './inventory-entry.ts';
import {
  equipAction,
  InventoryEmpty,
  InventoryLoadFailed,
  InventoryLoading,
  useEquipped,
} from './inventory-states.tsx';
import { useInventoryActions } from './use-inventory-actions.ts';

/**
 * The inventory inside Profile: filter tabs sent as `item_type`, a name search, the
 * All view in sections, Equip for characters and Set for backgrounds, the empty and error states.
 */
export function InventoryPanel() {
  const telegramUserId = getLaunchContext().player?.id ?? '';
  const [type, setType] = useState<InventoryType | null>(null);
  const [search, setSearch] = useState('');
  const inventory = useInventory(telegramUserId, type ? { item_type: type } : {});
  const actions = useInventoryActions();
  const equipped = useEquipped();

  const withDefault = (entries: InventoryEntry[]) =>
    type === null || type === 'background' ? [...entries, DEFAULT_BACKGROUND_ENTRY] : entries;
  const needle = search.trim().toLowerCase();
  const entries = withDefault(inventory.data?.items ?? []).filter(
    (entry) => needle === '' || entryName(entry).toLowerCase().includes(needle),
  );
  const owned = inventory.data?.items ?? [];
  const card = (entry: InventoryEntry) => (
    <InventoryCard
      key={entry._id}
      entry={entry}
      equipped={equipped(entry)}
      busy={actions.equipping !== null}
      onEquip={equipAction(entry, actions)}
    />
  );

  let body: ReactNode;
  if (inventory.isError) {
    body = <InventoryLoadFailed error={inventory.error} onRetry={() => void inventory.refetch()} />;
  } else if (!inventory.data) {
    body = <InventoryLoading cards={6} className="grid grid-cols-3 gap-2.5" />;
  } else if (type === null && owned.length === 0 && needle === '') {
    body = <InventoryEmpty />;
  } else if (entries.length === 0) {
    const label = PROFILE_INVENTORY_TABS.find((tab) => tab.type === type)?.label ?? t('inventoryPanel.items');
    body = (
      <EmptyState
        art="backpack"
        title={t('inventoryPanel.noAvailable', { value0: type ? label : t('inventoryPanel.items') })}
      />
    );
  } else if (type === null) {
    body = <AllSections entries={entries} card={card} />;
  } else {
    body = <div className="grid grid-cols-3 gap-2.5">{entries.map(card)}</div>;
  }

  return (
    <div>
      <FilterTabs type={type} onType={setType} />
      <input
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t('inventoryPanel.searchYourItems')}
        aria-label={t('inventoryPanel.searchYourItems2')}
        className="mt-2.5 mb-3 w-full rounded-2xl bg-night-950/60 px-4 py-2.5 text-[15px] font-bold text-ink ring-1 ring-white/12 placeholder:text-faint focus:ring-gold-300/60 focus:outline-none"
      />
      {body}
      <BackgroundConfirm
        entry={actions.pendingBackground}
        saving={actions.savingBackground}
        onConfirm={actions.confirmBackground}
        onCancel={actions.cancelBackground}
      />
    </div>
  );
}

/** The All view: one titled section per kind, each left out when empty. */
function AllSections({
  entries,
  card,
}: {
  entries: InventoryEntry[];
  card(entry: InventoryEntry): ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      {ALL_VIEW_SECTIONS.map((section) => {
        const matching = entries.filter(section.match);
        if (matching.length === 0) return null;
        return (
          <section key={section.title} aria-label={section.title}>
            <h3 className="mb-2 px-1 text-[12px] font-black tracking-[0.18em] text-gold-200/90 uppercase">
              {section.title}
            </h3>
            <div className="grid grid-cols-3 gap-2.5">{matching.map(card)}</div>
          </section>
        );
      })}
    </div>
  );
}

function FilterTabs({
  type,
  onType,
}: {
  type: InventoryType | null;
  onType(type: InventoryType | null): void;
}) {
  return (
    <Tabs
      label={t('inventoryPanel.inventoryFilters')}
      items={PROFILE_INVENTORY_TABS.map((tab) => ({ value: tab.type, label: tab.label, key: tab.label }))}
      value={type}
      onChange={onType}
      className="no-scrollbar -mx-4 flex gap-1.5 overflow-x-auto px-4 pb-1"
      tabClassName={(selected) =>
        cx(
          'shrink-0 rounded-full px-3.5 py-1.5 text-[13px] font-extrabold whitespace-nowrap',
          selected
            ? 'bg-[linear-gradient(180deg,#fff0a8,#ffc21f_60%,#f59300)] text-[#4a2300] shadow-[0_3px_0_#a85a00]'
            : 'bg-white/[0.07] text-ink/80 ring-1 ring-white/10',
        )
      }
    />
  );
}
