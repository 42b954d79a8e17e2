import type { BoostsView } from '@titans/shared/boosts/schemas';
import { useEffect } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cx } from '../../lib/cx.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useNow } from '../../lib/use-now.ts';
import { formatCountdown } from './format-countdown.ts';

export interface FreeRefillCardProps {
  refill: BoostsView['free_refill'];
  energyFull: boolean;
  refilling: boolean;
  onRefill(): void;
  /** The cooldown ended: read the boosts again. */
  onCooldownOver(): void;
}

/**
 * The free full-energy refills of the day (D-BOOST-2): n of 3 left, a countdown while it cools
 * down, disabled while energy is full (a refill then would be wasted).
 */
export function FreeRefillCard({
  refill,
  energyFull,
  refilling,
  onRefill,
  onCooldownOver,
}: FreeRefillCardProps) {
  const availableAt = refill.available_at ? Date.parse(refill.available_at) : null;
  const now = useNow(1_000, availableAt !== null);
  const coolingDown = availableAt !== null && availableAt > now;
  const noneLeft = refill.remaining <= 0;

  useEffect(() => {
    if (availableAt !== null && availableAt <= now) onCooldownOver();
  }, [availableAt, now, onCooldownOver]);

  let status: string;
  if (noneLeft) status = t('freeRefillCard.allUsedToday');
  else if (coolingDown)
    status = t('freeRefillCard.readyIn', { availableAt: formatCountdown(availableAt - now) });
  else if (energyFull) status = t('freeRefillCard.energyIsFull');
  else status = t('freeRefillCard.fillYourEnergy');

  return (
    <article
      aria-label={t('freeRefillCard.fullEnergy')}
      data-testid="free-refill"
      className="panel relative overflow-hidden rounded-3xl p-3.5 ring-1 ring-energy-400/40"
    >
      <div className="pointer-events-none absolute -top-10 -start-8 size-36 rounded-full bg-energy-400/20 blur-2xl" />
      <div className="relative flex items-center gap-3">
        <div className="grid size-14 shrink-0 place-items-center rounded-2xl bg-[radial-gradient(circle_at_50%_35%,#c4f8ff,#1190d8_72%)] shadow-[0_0_20px_rgb(77_217_255/0.5)] ring-1 ring-white/30">
          <GameIcon name="energy" className="size-10" />
        </div>
        <div className="min-w-0 flex-1">
          <h3 className="font-display text-[19px] leading-tight text-ink">
            {t('freeRefillCard.fullEnergy')}
          </h3>
          <div className="mt-1 flex items-center gap-1.5">
            {Array.from({ length: refill.per_day }, (_, index) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: one pip per daily refill
                key={index}
                className={cx(
                  'h-2 w-5 rounded-full',
                  index < refill.remaining
                    ? 'bg-[linear-gradient(90deg,#c4f8ff,#4dd9ff)] shadow-[0_0_6px_rgb(77_217_255/0.8)]'
                    : 'bg-white/12',
                )}
              />
            ))}
            <span className="ms-1 text-[13px] font-black tabular-nums text-energy-300">
              {t('freeRefillCard.today', { remaining: refill.remaining, per_day: refill.per_day })}
            </span>
          </div>
          <p className="mt-1 text-[12.5px] font-bold text-muted tabular-nums">{status}</p>
        </div>
        <Button
          size="sm"
          variant="secondary"
          aria-label={t('freeRefillCard.refillEnergy')}
          disabled={noneLeft || coolingDown || energyFull || refilling}
          onClick={onRefill}
          className="min-w-[78px] shrink-0"
        >
          {refilling ? (
            <Spinner className={'size-5'} label={t('freeRefillCard.refilling')} />
          ) : (
            t('freeRefillCard.refill')
          )}
        </Button>
      </div>
    </article>
  );
}
