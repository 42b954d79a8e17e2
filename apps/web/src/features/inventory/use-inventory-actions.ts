import type { InventoryEntry } from '@titans/shared/inventory/schemas';
import { useState } from 'react';
import { toast } from '../../components/ui/toast-store.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { getLaunchContext } from '../../lib/telegram/launch-context.ts';
import { useSelectCharacter } from '../users/api/select-character.ts';
import { useUpdateBackground } from '../users/api/update-background.ts';

/** Texts: character equip and background change. */
export const INVENTORY_TEXTS = {
  get equipped() {
    return t('useInventoryActions.characterEquippedSuccessfully');
  },
  get equipFailed() {
    return t('useInventoryActions.failedToEquipCharacter');
  },
  get backgroundUpdated() {
    return t('useInventoryActions.backgroundUpdatedSuccessfully');
  },
  get backgroundFailed() {
    return t('useInventoryActions.failedToUpdateBackground');
  },
  get setBackgroundTitle() {
    return t('useInventoryActions.setBackground');
  },
  get restoreDefault() {
    return t('useInventoryActions.thisWillRestoreThe');
  },
} as const;

/** Equip and the background change with its Set Background dialog. */
export function useInventoryActions() {
  const telegramUserId = getLaunchContext().player?.id ?? '';
  const select = useSelectCharacter(telegramUserId);
  const update = useUpdateBackground(telegramUserId);
  const [pendingBackground, setPendingBackground] = useState<InventoryEntry | null>(null);

  const equip = (characterId: string) =>
    select.mutate(characterId, {
      onSuccess: () => {
        haptics.success();
        toast.success(INVENTORY_TEXTS.equipped);
      },
      onError: () => {
        haptics.error();
        toast.error(INVENTORY_TEXTS.equipFailed);
      },
    });

  const confirmBackground = () => {
    const entry = pendingBackground;
    if (!entry) return;
    update.mutate(entry.item_id, {
      onSuccess: () => {
        haptics.success();
        toast.success(INVENTORY_TEXTS.backgroundUpdated);
        setPendingBackground(null);
      },
      onError: (error) => {
        console.error('[inventory] background update failed', error);
        haptics.error();
        toast.error(INVENTORY_TEXTS.backgroundFailed);
        setPendingBackground(null);
      },
    });
  };

  return {
    equip,
    equipping: select.isPending ? select.variables : null,
    pendingBackground,
    askBackground: setPendingBackground,
    cancelBackground: () => setPendingBackground(null),
    confirmBackground,
    savingBackground: update.isPending,
  };
}
