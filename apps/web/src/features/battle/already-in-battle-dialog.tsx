import { BATTLE_STAKE } from '@titans/shared/constants';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { arenaStore, forfeitActive, useArena } from './arena-store.ts';

/** Already in Battle! forfeiting the old battle is a defeat that keeps its stake. */
const ALREADY_IN_BATTLE_TEXT = () =>
  t('alreadyInBattleDialog.youAreAlreadyIn', { BATTLE_STAKE: formatNumber(BATTLE_STAKE) });

/**
 * the spec's dialog, for a battle that runs elsewhere (another device, a reload). A player who is
 * only queued never sees it: the Arena shows their search with Cancel Matchmaking (D-UI-14).
 */
export function AlreadyInBattleDialog({ onRetry }: { onRetry: () => void }) {
  const already = useArena((s) => s.alreadyInBattle);
  const close = () => arenaStore.setState({ alreadyInBattle: null });
  return (
    <Dialog
      open={already !== null}
      title={t('alreadyInBattleDialog.alreadyInBattle')}
      onClose={close}
      actions={
        <>
          <Button block variant="danger" onClick={() => forfeitActive(onRetry)}>
            {t('alreadyInBattleDialog.forfeitMatch')}
          </Button>
          <Button block variant="ghost" onClick={close}>
            {t('alreadyInBattleDialog.cancel')}
          </Button>
        </>
      }
    >
      {ALREADY_IN_BATTLE_TEXT()}
    </Dialog>
  );
}
