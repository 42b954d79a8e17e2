import { BATTLE_STAKE } from '@titans/shared/constants';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';

/**
 * The Exit Game dialog's text (gives only a default): leaving forfeits, and a forfeit is
 * a defeat that keeps the stake (decisions D-BATTLE-13, D-WEB-37).
 */
export const EXIT_TEXT = () =>
  t('exitDialog.leavingNowForfeitsThe', { BATTLE_STAKE: formatNumber(BATTLE_STAKE) });

/** Exit Game: Cancel and Exit; the only way out of a running fight (decisions D-UI-14). */
export function ExitDialog({
  open,
  onClose,
  onExit,
}: {
  open: boolean;
  onClose: () => void;
  onExit: () => void;
}) {
  return (
    <Dialog
      open={open}
      title={t('exitDialog.exitGame')}
      onClose={onClose}
      actions={
        <>
          <Button variant="danger" block onClick={onExit}>
            {t('exitDialog.exit')}
          </Button>
          <Button variant="ghost" block onClick={onClose}>
            {t('exitDialog.cancel')}
          </Button>
        </>
      }
    >
      {EXIT_TEXT()}
    </Dialog>
  );
}
