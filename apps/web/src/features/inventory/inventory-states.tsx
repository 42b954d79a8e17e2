import type { InventoryEntry } from '@titans/shared/inventory/schemas';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { paths } from '../../config/paths.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useNavigate } from '../../lib/router/router.tsx';
import { useCurrentUser } from '../users/api/get-user.ts';
import { INVENTORY_EMPTY, inventoryLoadError } from './inventory-texts.ts';
import type { useInventoryActions } from './use-inventory-actions.ts';

/** The inventory failed to load: the reason and Try Again. */
export function InventoryLoadFailed({ error, onRetry }: { error: unknown; onRetry(): void }) {
  return (
    <EmptyState
      art="warning"
      title={inventoryLoadError(error)}
      action={
        <Button variant="secondary" block onClick={onRetry}>
          {t('inventoryStates.tryAgain')}
        </Button>
      }
    />
  );
}

/** Card-shaped placeholders while the inventory loads. */
export function InventoryLoading({ cards, className }: { cards: number; className: string }) {
  return (
    <div className={className} role="status" aria-label={t('inventoryStates.loadingInventory')}>
      {Array.from({ length: cards }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders are positions, not items
        <Skeleton key={index} className="aspect-[3/4] rounded-[18px]" />
      ))}
    </div>
  );
}

/** Nothing owned yet: the way to the Marketplace. */
export function InventoryEmpty() {
  const navigate = useNavigate();
  return (
    <EmptyState
      art="backpack"
      title={INVENTORY_EMPTY()}
      action={
        <Button block onClick={() => navigate(paths.marketplace.getHref())}>
          {t('inventoryStates.visitMarketplace')}
        </Button>
      }
    />
  );
}

/** Whether an entry is the player's hero or background now. */
export function useEquipped(): (entry: InventoryEntry) => boolean {
  const { data: user } = useCurrentUser();
  return (entry) =>
    entry.item_type === 'character'
      ? entry.character_id === user?.avatar
      : entry.item_type === 'background' && entry.item_id === (user?.background_item_id ?? null);
}

/** Equip for a character, Set (after its confirm) for a background, nothing for other items. */
export function equipAction(
  entry: InventoryEntry,
  actions: ReturnType<typeof useInventoryActions>,
): (() => void) | undefined {
  if (entry.item_type === 'character' && entry.character_id) {
    const characterId = entry.character_id;
    return () => actions.equip(characterId);
  }
  if (entry.item_type === 'background') return () => actions.askBackground(entry);
  return undefined;
}
