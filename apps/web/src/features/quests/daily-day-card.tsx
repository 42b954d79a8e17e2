import type { Ref } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cx } from '../../lib/cx.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { type CardState, type DayCard, RewardArt, rewardText } from './daily-cards.tsx';

/** The spec's word for a card's state (the state itself stays the id tests and styles read). */
function stateText(state: Exclude<CardState, 'Claim'>): string {
  if (state === 'Claimed') return t('dailyDayCard.claimed');
  if (state === 'Missed') return t('dailyDayCard.missed');
  return t('dailyDayCard.comingSoon');
}

/**
 * One day card: the day, its reward (coming days too, so the player sees what waits,
 * D-UI-9) and the spec's word for its state, or Claim for today's.
 */
export function DailyDayCard({
  card,
  cardRef,
  claiming,
  onClaim,
}: {
  card: DayCard;
  cardRef?: Ref<HTMLElement>;
  claiming: boolean;
  onClaim(card: DayCard): void;
}) {
  return (
    <article
      ref={cardRef}
      aria-label={
        card.state === 'Missed' ? t('dailyDayCard.missedDay') : t('dailyDayCard.day', { day: card.day })
      }
      data-testid={`daily-card-${card.key}`}
      data-state={card.state}
      className={cx(
        'relative flex flex-col items-center rounded-2xl px-1.5 pt-2 pb-2 text-center ring-1',
        card.state === 'Claim' &&
          'bg-[linear-gradient(180deg,rgb(255_213_74/0.28),rgb(245_163_0/0.12))] ring-2 ring-gold-300 shadow-[0_0_22px_rgb(255_194_31/0.35)]',
        card.state === 'Claimed' && 'bg-success-700/25 ring-success-400/45',
        card.state === 'Missed' && 'bg-danger-800/30 ring-danger-400/40',
        card.state === 'Coming Soon' && 'bg-night-950/45 ring-white/10',
      )}
    >
      <span className="text-[11px] font-black tracking-wide text-ink/80 uppercase">
        {card.state === 'Missed' ? t('dailyDayCard.yesterday') : t('dailyDayCard.day', { day: card.day })}
      </span>
      <RewardArt
        reward={card.reward}
        className={cx('my-1.5 size-14', card.state === 'Missed' && 'opacity-50 grayscale')}
      />
      <span className="min-h-5 font-display text-[16px] leading-tight text-gold-200">
        {card.state === 'Missed' ? t('dailyDayCard.streakLost') : rewardText(card.reward)}
      </span>
      {card.state === 'Claim' ? (
        <Button
          size="sm"
          className="mt-1.5 w-full"
          disabled={claiming}
          onClick={() => onClaim(card)}
          aria-label={t('dailyDayCard.claimDay', { day: card.day })}
        >
          {claiming ? (
            <Spinner className={'size-5'} label={t('dailyDayCard.claiming')} />
          ) : (
            t('dailyDayCard.claim')
          )}
        </Button>
      ) : (
        <span
          className={cx(
            'mt-1.5 w-full rounded-[12px] py-1 text-[11px] font-black uppercase',
            card.state === 'Claimed' && 'bg-success-500/25 text-success-400',
            card.state === 'Missed' && 'bg-danger-500/20 text-danger-400',
            card.state === 'Coming Soon' && 'text-muted',
          )}
        >
          {stateText(card.state)}
        </span>
      )}
    </article>
  );
}
