import { BATTLE_STAKE } from '@titans/shared/constants';
import { useEffect } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { paths } from '../../config/paths.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useLocation, useNavigate } from '../../lib/router/router.tsx';
import { useNow } from '../../lib/use-now.ts';
import {
  acceptReadyCheck,
  declineReadyCheck,
  dismissReadyCheckNotice,
  subscribeReadyCheck,
  useReadyCheck,
} from './ready-check-store.ts';

const STAKE_TEXT = () =>
  t('readyCheckDialog.stakeTakenWhenBothAccept', { stake: formatNumber(BATTLE_STAKE) });

/** The countdown: whole seconds left, and the share of the check's time left for its bar. */
function Countdown({ deadline, total }: { deadline: number; total: number }) {
  const now = useNow(200);
  const left = Math.max(0, deadline - now);
  return (
    <div className="mt-3">
      <p
        data-testid="ready-check-seconds"
        className="font-display text-[34px] leading-none tabular-nums text-gold-300"
      >
        {t('readyCheckDialog.s', { left: Math.ceil(left / 1000) })}
      </p>
      <div className="mx-auto mt-2 h-2 w-full max-w-[240px] overflow-hidden rounded-full bg-night-950/70">
        <div
          className="h-full rounded-full bg-energy-400 transition-[width] duration-200 ease-linear"
          style={{ width: `${Math.min(100, (left / Math.max(1, total)) * 100)}%` }}
        />
      </div>
    </div>
  );
}

/**
 * Why the last check started no battle (F52, F53), until OK: a requeued player's search goes on
 * underneath, and the next match found replaces this notice.
 */
function CheckEnded({ message }: { message: string }) {
  return (
    <Dialog
      open
      title={t('readyCheckDialog.noBattle')}
      onClose={dismissReadyCheckNotice}
      actions={
        <Button block onClick={dismissReadyCheckNotice}>
          {t('readyCheckDialog.ok')}
        </Button>
      }
    >
      <p data-testid="ready-check-ended">{message}</p>
    </Dialog>
  );
}

/**
 * The PvP ready check (F51, D-BATTLE-21), mounted by the app shell so it shows on whatever screen
 * the player is on: the opponent, the seconds left, Accept and Decline. Accepting from another
 * screen goes to the Arena, where the battle will show.
 */
export function ReadyCheckDialog() {
  useEffect(() => subscribeReadyCheck(), []);
  const check = useReadyCheck((s) => s.check);
  const ended = useReadyCheck((s) => s.ended);
  const location = useLocation();
  const navigate = useNavigate();

  if (!check) return ended ? <CheckEnded key={ended.matchId ?? 'lost'} message={ended.message} /> : null;
  const accept = () => {
    acceptReadyCheck();
    if (location.pathname !== paths.fight.path) navigate(paths.fight.getHref());
  };
  const { opponent } = check;
  return (
    <Dialog
      open
      title={t('readyCheckDialog.opponentFound')}
      art={
        <img
          src={opponent.character.image}
          alt=""
          className="size-24 rounded-full bg-night-800 object-cover object-top ring-4 ring-danger-500/80"
        />
      }
      actions={
        check.accepted ? (
          <Button block variant="ghost" onClick={declineReadyCheck}>
            {t('readyCheckDialog.decline')}
          </Button>
        ) : (
          <>
            <Button block size="lg" onClick={accept}>
              {t('readyCheckDialog.accept')}
            </Button>
            <Button block variant="ghost" onClick={declineReadyCheck}>
              {t('readyCheckDialog.decline')}
            </Button>
          </>
        )
      }
    >
      <div data-testid="ready-check">
        <p className="font-display text-[20px] text-ink">
          {opponent.name}{' '}
          <span className="text-muted">{t('readyCheckDialog.lv', { level: opponent.level })}</span>
        </p>
        <p className="text-[14px] text-muted">{opponent.character.name}</p>
        <Countdown deadline={check.deadline} total={check.total} />
        <p className="mt-3 text-[14px] leading-snug">
          {check.accepted ? t('readyCheckDialog.waitingForToAccept', { name: opponent.name }) : STAKE_TEXT()}
        </p>
      </div>
    </Dialog>
  );
}
