import type { InventoryEntry } from '@titans/shared/inventory/schemas';
import type { OwnedAvatar } from '@titans/shared/user/schemas';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { cx } from '../../lib/cx.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { heroEffectiveStats, heroStats } from './hero-stats.ts';

function itemsText(count: number) {
  return t('selectCharacterModal.yourItems', { count });
}

/**
 * Select Character: owned characters with level, race, health, attack, defense, speed —
 * each hero's effective stats with its level and the items chosen for the battle (F60), the
 * numbers the lobby shows once it is picked.
 */
export function SelectCharacterModal({
  open,
  avatars,
  equipped,
  selectedId,
  onCancel,
  onSelect,
}: {
  open: boolean;
  avatars: OwnedAvatar[];
  equipped: InventoryEntry[];
  selectedId: string | null;
  onCancel: () => void;
  onSelect: (characterId: string) => void;
}) {
  return (
    <Dialog
      open={open}
      title={t('selectCharacterModal.selectCharacter')}
      onClose={onCancel}
      actions={
        <Button block variant="ghost" onClick={onCancel}>
          {t('selectCharacterModal.cancel')}
        </Button>
      }
    >
      {avatars.length === 0 && (
        <p className="py-6 text-[15px] text-muted">{t('selectCharacterModal.noCharactersAvailable')}</p>
      )}
      {avatars.length > 0 && (
        <p data-testid="select-character-includes" className="-mt-1 mb-2 text-[12px] text-muted">
          {t('selectCharacterModal.statsWithEachHero', { length: itemsText(equipped.length) })}
        </p>
      )}
      <div className="grid max-h-[52vh] grid-cols-2 gap-2 overflow-y-auto text-start">
        {avatars.map((avatar) => (
          <button
            key={avatar.character_id}
            type="button"
            aria-pressed={avatar.character_id === selectedId}
            onClick={() => onSelect(avatar.character_id)}
            className={cx(
              'rounded-2xl p-2 ring-2 transition-transform active:scale-95',
              avatar.character_id === selectedId
                ? 'bg-gold-400/20 ring-gold-300'
                : 'bg-night-950/60 ring-white/10',
            )}
          >
            <img src={avatar.image} alt="" className="mx-auto size-16 object-contain" />
            <p className="truncate font-display text-[14px] text-ink">{avatar.name}</p>
            <p className="text-[11px] text-muted">
              {t('selectCharacterModal.lv', { level: avatar.level, race: avatar.race })}
            </p>
            <p className="mt-0.5 text-[11px] tabular-nums text-ink">
              {heroStats(heroEffectiveStats(avatar, equipped), { speed: true })}
            </p>
          </button>
        ))}
      </div>
    </Dialog>
  );
}
