import type { OwnedAvatar } from '@titans/shared/user/schemas';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { cx } from '../../lib/cx.ts';
import { heroStats } from './hero-stats.ts';

/** spec-b §2 Select Character: owned characters with level, race, health, attack, defense, speed. */
export function SelectCharacterModal({
  open,
  avatars,
  selectedId,
  onCancel,
  onSelect,
}: {
  open: boolean;
  avatars: OwnedAvatar[];
  selectedId: string | null;
  onCancel: () => void;
  onSelect: (characterId: string) => void;
}) {
  return (
    <Dialog
      open={open}
      title="Select Character"
      onClose={onCancel}
      actions={
        <Button block variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      }
    >
      {avatars.length === 0 && <p className="py-6 text-[15px] text-muted">No characters available</p>}
      <div className="grid max-h-[52vh] grid-cols-2 gap-2 overflow-y-auto text-left">
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
              Lv {avatar.level} · {avatar.race}
            </p>
            <p className="mt-0.5 text-[11px] tabular-nums text-ink">{heroStats(avatar, { speed: true })}</p>
          </button>
        ))}
      </div>
    </Dialog>
  );
}
