import type { InventoryEntry } from '@titans/shared/inventory/schemas';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../lib/i18n/i18n.ts';
import { entryImage, entryName } from './inventory-entry.ts';
import { INVENTORY_TEXTS } from './use-inventory-actions.ts';

/** The profile inventory's confirm dialog, Set Background (restoring the default says so). */
export function BackgroundConfirm({
  entry,
  saving,
  onConfirm,
  onCancel,
}: {
  entry: InventoryEntry | null;
  saving: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const restoring = entry?.item_id === null;
  return (
    <Dialog
      open={entry !== null}
      title={INVENTORY_TEXTS.setBackgroundTitle}
      onClose={saving ? undefined : onCancel}
      art={
        entry ? (
          <img
            src={entryImage(entry)}
            alt=""
            className="size-20 rounded-2xl object-cover ring-2 ring-gold-300/70 shadow-[0_8px_18px_rgb(0_0_0/0.5)]"
          />
        ) : null
      }
      actions={
        <>
          <Button block onClick={onConfirm} disabled={saving}>
            {saving ? (
              <Spinner className={'size-5'} label={t('backgroundConfirm.saving')} />
            ) : (
              t('backgroundConfirm.setBackground')
            )}
          </Button>
          <Button variant="ghost" block onClick={onCancel} disabled={saving}>
            {t('backgroundConfirm.cancel')}
          </Button>
        </>
      }
    >
      {entry &&
        (restoring
          ? INVENTORY_TEXTS.restoreDefault
          : t('backgroundConfirm.setAsYourTitans', { entry: entryName(entry) }))}
    </Dialog>
  );
}
