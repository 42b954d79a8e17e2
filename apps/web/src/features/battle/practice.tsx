import { useQueryClient } from '@tanstack/react-query';
import { PRACTICE_FIRST_WIN_REWARD } from '@titans/shared/constants';
import { useEffect } from 'react';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';

/** The lobby's line while the player still has the practice fight (PF1, PF7). */
export const PRACTICE_LINE = () =>
  t('practice.freeNoStake', { reward: formatNumber(PRACTICE_FIRST_WIN_REWARD) });

/** Short tips during the practice fight (PF7): first the targets, then the combo. */
export function PracticeTips({ taps }: { taps: number }) {
  const tip = taps < 5 ? t('practice.tipTapTheTargets') : t('practice.tipKeepTapping');
  return (
    <p
      data-testid="practice-tip"
      role="status"
      className="mx-4 rounded-full bg-night-950/70 px-3 py-1 text-center text-[13px] font-bold text-gold-200 ring-1 ring-gold-300/25"
    >
      {tip}
    </p>
  );
}

/** The result's first-win reward line (PF4); the player's account is read again so the lobby moves on. */
export function FirstWinReward({ amount }: { amount: number }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: ['user'] });
  }, [queryClient]);
  return (
    <p
      data-testid="first-win-reward"
      className="mt-3 flex items-center gap-2 rounded-full bg-success-500/80 px-4 py-1 font-display text-[16px] text-white"
    >
      <GameIcon name="coin" className="size-5" />
      {t('practice.firstWinReward', { amount: formatNumber(amount) })}
    </p>
  );
}
