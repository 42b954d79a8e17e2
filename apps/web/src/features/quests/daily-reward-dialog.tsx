import type { ClaimedReward } from '@titans/shared/quests/schemas';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';

/** The reward modal a claim opens. */
export function DailyRewardDialog({ claimed, onClose }: { claimed: ClaimedReward | null; onClose(): void }) {
  return (
    <Dialog
      open={claimed !== null}
      title={claimed ? t('dailyRewardDialog.dayReward', { current_streak: claimed.current_streak }) : ''}
      art={claimed ? <img src={claimed.image_url} alt="" className="size-20" /> : undefined}
      onClose={onClose}
      actions={
        <Button size="lg" block onClick={onClose}>
          {t('dailyRewardDialog.awesome')}
        </Button>
      }
    >
      {claimed && (
        <>
          <p className="text-[16px] text-ink/85">{claimed.name}</p>
          <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-night-950/60 px-4 py-1.5 ring-1 ring-gold-300/40">
            {claimed.reward_type === 'coins' && <GameIcon name="coin" className="size-6" />}
            <span className="font-display text-[22px] text-gold">
              {claimed.reward_type === 'coins' ? `+${formatNumber(claimed.amount)}` : `×${claimed.amount}`}
            </span>
          </p>
          <p className="mt-3 text-[13px] text-muted">
            {t('dailyRewardDialog.streakDays', { streak: claimed.current_streak })}
          </p>
        </>
      )}
    </Dialog>
  );
}
