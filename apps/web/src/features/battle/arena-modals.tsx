import { getLaunchContext } from '../../lib/telegram/launch-context.ts';
import { useCurrentUser } from '../users/api/get-user.ts';
import { useSelectCharacter } from '../users/api/select-character.ts';
import { setArenaChoice, useArena } from './arena-store.ts';
import { useOwnedItems } from './lobby-hero.tsx';
import { SelectCharacterModal } from './select-character-modal.tsx';
import { SelectItemsModal } from './select-items-modal.tsx';
import { StartBattleDialog } from './start-battle-dialog.tsx';

export type ArenaDialog = 'start' | 'items' | 'character' | null;

/** The lobby's three dialogs: Start Battle, Select Items, Select Character. */
export function ArenaModals({
  dialog,
  setDialog,
  availableEnergy,
  blockedReason,
  onStart,
  onSelectFailed,
}: {
  dialog: ArenaDialog;
  setDialog: (dialog: ArenaDialog) => void;
  availableEnergy: number;
  blockedReason: string | null;
  onStart: () => void;
  onSelectFailed: () => void;
}) {
  const telegramUserId = getLaunchContext().player?.id ?? '';
  const user = useCurrentUser().data;
  const select = useSelectCharacter(telegramUserId);
  const mode = useArena((s) => s.mode);
  const difficulty = useArena((s) => s.difficulty);
  const energy = useArena((s) => s.energy);
  const items = useArena((s) => s.items);
  const { owned, equipped } = useOwnedItems();
  const close = () => setDialog(null);
  return (
    <>
      <StartBattleDialog
        open={dialog === 'start'}
        mode={mode}
        difficulty={difficulty}
        energy={energy}
        availableEnergy={availableEnergy}
        blockedReason={blockedReason}
        onChange={(change) => setArenaChoice(change)}
        onCancel={close}
        onStart={() => {
          close();
          onStart();
        }}
      />
      <SelectItemsModal
        open={dialog === 'items'}
        items={owned}
        selected={items}
        onCancel={close}
        onConfirm={(picked) => {
          setArenaChoice({ items: picked });
          close();
        }}
      />
      <SelectCharacterModal
        open={dialog === 'character'}
        avatars={user?.avatars ?? []}
        equipped={equipped}
        selectedId={user?.avatar ?? null}
        onCancel={close}
        onSelect={(characterId) => select.mutate(characterId, { onSuccess: close, onError: onSelectFailed })}
      />
    </>
  );
}
