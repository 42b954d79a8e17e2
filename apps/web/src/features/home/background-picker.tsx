import { DEFAULT_BACKGROUND_PICTURE } from '@titans/shared/constants';
import type { InventoryEntry } from '@titans/shared/inventory/schemas';
import type { User } from '@titans/shared/user/schemas';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { EmojiArt } from '../../components/ui/emoji-art.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { cx } from '../../lib/cx.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useInventory } from '../inventory/api/get-inventory.ts';
import { useUpdateBackground } from '../users/api/update-background.ts';

/** The Home screen. */
export const PICKER_TITLE = () => t('backgroundPicker.selectTitansRealm');
export const CONFIRM_TITLE = () => t('backgroundPicker.setTitansRealm');
export const CONFIRM_ACTION = () => t('backgroundPicker.setAsTitansRealm');
export const BACKGROUND_UPDATED = () => t('backgroundPicker.backgroundUpdatedSuccessfully');
export const BACKGROUND_UPDATE_FAILED = () => t('backgroundPicker.failedToUpdateBackground');

export function confirmText(name: string): string {
  return t('backgroundPicker.doYouWantTo', { name });
}

interface Realm {
  key: string;
  name: string;
  image: string;
  /** What PUT /user/update sends: the item id, or null for the default. */
  value: string | null;
}

const DEFAULT_REALM: Realm = {
  key: 'default',
  name: 'Default',
  image: DEFAULT_BACKGROUND_PICTURE,
  value: null,
};

export interface BackgroundPickerProps {
  user: User;
  telegramUserId: string;
  open: boolean;
  onClose(): void;
}

/**
 * The Titans Realm picker: Default plus the player's
 * background items; the equipped one says Equipped and cannot be chosen; another one asks for
 * confirmation, then is saved. Home's backdrop follows the saved user at once.
 */
export function BackgroundPicker({ user, telegramUserId, open, onClose }: BackgroundPickerProps) {
  const inventory = useInventory(open ? telegramUserId : '', { item_type: 'background' });
  const update = useUpdateBackground(telegramUserId);
  const [chosen, setChosen] = useState<Realm | null>(null);
  const realms = realmsOf(inventory.data?.items ?? []);
  const equippedKey = user.background_item_id ?? DEFAULT_REALM.key;

  const confirm = () => {
    if (!chosen) return;
    update.mutate(chosen.value, {
      onSuccess: () => {
        haptics.success();
        toast.success(BACKGROUND_UPDATED());
        setChosen(null);
        onClose();
      },
      onError: (error) => {
        // Background-update errors are only logged, beyond the toast.
        console.error('[home] background update failed', error);
        haptics.error();
        toast.error(BACKGROUND_UPDATE_FAILED());
        setChosen(null);
      },
    });
  };

  return (
    <>
      <Dialog
        open={open}
        title={PICKER_TITLE()}
        onClose={chosen ? undefined : onClose}
        art={<EmojiArt name="sunrise-over-mountains" className="size-16" />}
        className="max-w-[370px]"
        actions={
          <Button variant="ghost" block onClick={onClose}>
            {t('backgroundPicker.close')}
          </Button>
        }
      >
        <div className="no-scrollbar -mx-2 mt-2 max-h-[min(56vh,460px)] overflow-y-auto p-2">
          <div className="grid grid-cols-2 gap-2.5">
            {realms.map((realm) => (
              <RealmTile
                key={realm.key}
                realm={realm}
                equipped={realm.key === equippedKey}
                onChoose={() => setChosen(realm)}
              />
            ))}
            {inventory.isPending &&
              open &&
              [0, 1].map((index) => <Skeleton key={index} className="aspect-[3/4] rounded-2xl" />)}
          </div>
          {inventory.isError && (
            <p className="mt-3 text-[14px] text-danger-400">{t('backgroundPicker.failedToLoadInventory')}</p>
          )}
          {inventory.isSuccess && realms.length === 1 && (
            <p className="mt-3 text-[14px] leading-snug text-muted">
              {t('backgroundPicker.newRealmsWaitIn')}
            </p>
          )}
        </div>
      </Dialog>
      <ConfirmRealm
        chosen={chosen}
        saving={update.isPending}
        onConfirm={confirm}
        onCancel={() => setChosen(null)}
      />
    </>
  );
}

/** Default first, then every background the player owns. */
function realmsOf(items: InventoryEntry[]): Realm[] {
  return [
    DEFAULT_REALM,
    ...items.flatMap((entry) =>
      entry.item_id && entry.item_details
        ? [
            {
              key: entry.item_id,
              name: entry.item_details.name,
              image: entry.item_details.image_url,
              value: entry.item_id,
            },
          ]
        : [],
    ),
  ];
}

/** One realm's picture and name; the equipped one says Equipped and cannot be chosen. */
function RealmTile({ realm, equipped, onChoose }: { realm: Realm; equipped: boolean; onChoose(): void }) {
  return (
    <button
      type="button"
      disabled={equipped}
      aria-label={equipped ? t('backgroundPicker.equipped2', { name: realm.name }) : realm.name}
      onClick={() => {
        haptics.selection();
        onChoose();
      }}
      className={cx(
        'group relative overflow-hidden rounded-2xl text-start ring-2 transition-transform enabled:active:scale-95',
        equipped
          ? 'ring-gold-300 shadow-[0_0_18px_rgb(255_194_31/0.45)]'
          : 'ring-white/10 enabled:hover:ring-white/30',
      )}
    >
      <img
        src={realm.image}
        alt=""
        loading="lazy"
        draggable={false}
        className="aspect-[3/4] w-full object-cover"
      />
      <span className="absolute inset-x-0 bottom-0 bg-[linear-gradient(180deg,transparent,rgb(6_4_26/0.92))] px-2 pt-6 pb-2">
        <span className="block truncate font-display text-[15px] leading-tight text-ink text-outline">
          {realm.name}
        </span>
      </span>
      {equipped && (
        <span className="absolute top-2 start-2 rounded-full bg-gold-300 px-2 py-0.5 text-[11px] font-black text-[#4a2300] shadow-[0_2px_0_#a85a00]">
          {t('backgroundPicker.equipped')}
        </span>
      )}
    </button>
  );
}

/** Set the chosen realm? Its picture and the spec's question; closed while saving is refused. */
function ConfirmRealm({
  chosen,
  saving,
  onConfirm,
  onCancel,
}: {
  chosen: Realm | null;
  saving: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <Dialog
      open={chosen !== null}
      title={CONFIRM_TITLE()}
      onClose={saving ? undefined : onCancel}
      actions={
        <>
          <Button block onClick={onConfirm} disabled={saving}>
            {saving ? <Spinner className="size-5" label={t('backgroundPicker.saving')} /> : CONFIRM_ACTION()}
          </Button>
          <Button variant="ghost" block onClick={onCancel} disabled={saving}>
            {t('backgroundPicker.cancel')}
          </Button>
        </>
      }
    >
      {chosen && (
        <>
          <img
            src={chosen.image}
            alt=""
            className="mx-auto mb-3 aspect-[16/9] w-full rounded-2xl object-cover ring-1 ring-white/15"
          />
          {confirmText(chosen.name)}
        </>
      )}
    </Dialog>
  );
}
