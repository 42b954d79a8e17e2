import { GameIcon } from '../../components/ui/game-icon.tsx';
import { t } from '../../lib/i18n/i18n.ts';
import { TelegramStar } from './telegram-star.tsx';

const STEPS = [
  {
    get title() {
      return t('howToSteps.pickAPackage');
    },
    get line() {
      return t('howToSteps.biggerPacksCarryBigger');
    },
  },
  {
    get title() {
      return t('howToSteps.payInTelegram');
    },
    get line() {
      return t('howToSteps.withTelegramStarsOr');
    },
  },
  {
    get title() {
      return t('howToSteps.starsLandInstantly');
    },
    get line() {
      return t('howToSteps.yourBalanceRisesThe');
    },
  },
] as const;

/** spec-a §2: the how-to steps above the package grid. */
export function HowToSteps() {
  return (
    <ol aria-label={t('howToSteps.howToBuyStars')} className="grid grid-cols-3 gap-2">
      {STEPS.map((step, index) => (
        <li
          key={step.title}
          className="panel relative flex flex-col items-center rounded-2xl px-2 pt-3 pb-2.5 text-center"
        >
          <span className="absolute -top-2 start-2 grid size-6 place-items-center rounded-full bg-gold-300 font-display text-[14px] text-[#4a2300] shadow-[0_2px_0_#a85a00]">
            {index + 1}
          </span>
          {index === 1 ? (
            <TelegramStar className="size-7" />
          ) : (
            <GameIcon name={index === 0 ? 'star' : 'trophy'} className="size-7" />
          )}
          <span className="mt-1.5 font-display text-[13px] leading-tight text-ink">{step.title}</span>
          <span className="mt-0.5 text-[11px] leading-tight text-muted">{step.line}</span>
        </li>
      ))}
    </ol>
  );
}
