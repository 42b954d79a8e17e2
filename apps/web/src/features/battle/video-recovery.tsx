import { VIDEO_RECOVERY_COINS } from '@titans/shared/constants';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { isApiError } from '../../lib/api-error.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useRewardedAd } from '../ads/api/rewarded-ad.ts';
import { useAdStatus } from '../quests/api/get-ad-status.ts';
import { startBattleRecovery } from '../quests/api/start-battle-recovery.ts';

const COINS = formatNumber(VIDEO_RECOVERY_COINS);

/**
 * A defeat's video recovery (a video recovery after a defeat adds 2500 coins; rules
 * Q9, decisions D-QUEST-9): offered on the defeat result only when an ad block is configured.
 * Watch Video starts a recovery view, plays the rewarded ad, and waits for the server, which
 * credits the coins on Adsgram's reward callback alone, once per defeat.
 */
export function VideoRecovery({ battleId }: { battleId: string }) {
  const status = useAdStatus();
  const blockId = status.data?.block_id;
  if (!blockId) return null;
  return <RecoveryOffer battleId={battleId} blockId={blockId} />;
}

type Step = 'offer' | 'watching' | 'recovered' | 'on-its-way';

function RecoveryOffer({ battleId, blockId }: { battleId: string; blockId: string }) {
  const watchAd = useRewardedAd(blockId);
  const [step, setStep] = useState<Step>('offer');

  const watch = async () => {
    setStep('watching');
    try {
      const seen = await watchAd(() => startBattleRecovery(battleId));
      if (seen.status === 'rewarded') {
        haptics.success();
        setStep('recovered');
      } else if (seen.status === 'pending') {
        setStep('on-its-way');
      } else {
        toast.error(t('videoRecovery.theVideoWasNot'));
        setStep('offer');
      }
    } catch (error) {
      haptics.warning();
      if (isApiError(error) && error.code === 'recovery/already-recovered') {
        setStep('recovered');
        return;
      }
      toast.error(isApiError(error) && error.message ? error.message : t('videoRecovery.theVideoCouldNot'));
      setStep('offer');
    }
  };

  if (step === 'recovered') {
    return (
      <p
        data-testid="video-recovery"
        className="mt-4 flex items-center gap-2 rounded-full bg-success-500/80 px-4 py-1.5 font-display text-[18px] text-white animate-pop-in"
      >
        <GameIcon name="coin" className="size-6" />
        {t('videoRecovery.coins', { COINS })}
      </p>
    );
  }
  if (step === 'on-its-way') {
    return (
      <p data-testid="video-recovery" className="mt-4 text-[14px] font-bold text-muted">
        {t('videoRecovery.yourCoinsAreOn', { COINS })}
      </p>
    );
  }
  return (
    <section
      data-testid="video-recovery"
      aria-label={t('videoRecovery.videoRecovery')}
      className="mt-5 w-full max-w-[320px] rounded-2xl bg-night-800/90 p-3 ring-1 ring-energy-400/40"
    >
      <p className="flex items-center justify-center gap-1.5 text-[14px] font-bold text-ink/85">
        {t('videoRecovery.watchAVideoTo')}
        <GameIcon name="coin" className="size-5" />
        <span className="font-display text-gold-200">{COINS}</span>
      </p>
      <Button
        block
        variant="secondary"
        className="mt-2"
        disabled={step === 'watching'}
        onClick={() => void watch()}
      >
        {step === 'watching' ? (
          <Spinner className={'size-5'} label={t('videoRecovery.watching')} />
        ) : (
          t('videoRecovery.watchVideo')
        )}
      </Button>
    </section>
  );
}
