import { useQueryClient } from '@tanstack/react-query';
import type { AdStatus } from '@titans/shared/quests/schemas';
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmojiArt } from '../../components/ui/emoji-art.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { isApiError } from '../../lib/api-error.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useRewardedAd } from '../ads/api/rewarded-ad.ts';
import { invalidateAfterCompletion } from './api/complete-task.ts';
import { adStatusQueryOptions, startAdView } from './api/get-ad-status.ts';
import { celebrateClaim } from './coin-burst.tsx';

/**
 * A rewarded ad from Adsgram (decisions: D-QUEST-6). The server starts a view; Adsgram's SDK
 * plays the ad; the coins arrive only when Adsgram's reward callback reaches the server, which
 * this card waits for before celebrating.
 */
export function RewardedAdCard({
  status,
  telegramUserId,
}: {
  status: AdStatus & { block_id: string };
  telegramUserId: string;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const card = useRef<HTMLElement>(null);
  const watchAd = useRewardedAd(status.block_id);

  const watch = async () => {
    setBusy(true);
    try {
      const seen = await watchAd(startAdView);
      if (seen.status === 'rewarded') {
        celebrateClaim(card.current, seen.reward);
        toast.success(`+${formatNumber(seen.reward)} coins`);
        return;
      }
      if (seen.status === 'expired') toast.error('The ad was not confirmed in time. Try again.');
      else toast.info(t('playAndEarn.yourRewardIsOn'));
    } catch (error) {
      haptics.warning();
      toast.error(isApiError(error) && error.message ? error.message : t('playAndEarn.theAdCouldNot'));
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: adStatusQueryOptions().queryKey });
      invalidateAfterCompletion(queryClient, telegramUserId);
    }
  };

  const left = status.remaining_today;
  return (
    <article
      ref={card}
      aria-label={t('playAndEarn.watchAnAd')}
      className="panel relative flex items-center gap-3 overflow-hidden rounded-[24px] p-3.5 ring-1 ring-energy-400/40"
    >
      <div className="grid size-14 shrink-0 place-items-center rounded-2xl bg-[radial-gradient(circle_at_50%_35%,#8ff0ff,#1174c8_70%)] ring-1 ring-white/25 shadow-[0_0_18px_rgb(77_217_255/0.45)]">
        <EmojiArt name="rocket" className="size-9" />
      </div>
      <div className="min-w-0 flex-1">
        <h3 className="font-display text-[17px] leading-tight text-ink">{t('playAndEarn.watchEarn')}</h3>
        <p className="flex items-center gap-1 font-display text-[15px] text-gold-200">
          <GameIcon name="coin" className="size-[18px]" />+{status.reward_coins}
          <span className="ms-1 font-sans text-[11px] font-extrabold whitespace-nowrap text-muted">
            {t('playAndEarn.leftToday', { left, per_day: status.per_day })}
          </span>
        </p>
      </div>
      <Button size="sm" disabled={busy || left <= 0} onClick={() => void watch()} className="min-w-[96px]">
        {busy ? (
          <Spinner className={'size-5'} label={t('playAndEarn.watching')} />
        ) : (
          t('playAndEarn.watchNow')
        )}
      </Button>
    </article>
  );
}
