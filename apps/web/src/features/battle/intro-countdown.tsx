import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../lib/i18n/i18n.ts';

/** The full-screen Preparing Battle spinner while a bot battle is set up. */
export function PreparingBattle({ opponent }: { opponent: string }) {
  return (
    <div
      className="absolute inset-0 z-30 grid place-items-center bg-night-950/90"
      data-testid="preparing-battle"
    >
      <div className="text-center">
        <Spinner className="mx-auto size-12" />
        <p className="mt-4 font-display text-[24px] text-gold-300 text-outline">
          {t('introCountdown.preparingBattle')}
        </p>
        <p className="mt-1 text-[14px] text-muted">{t('introCountdown.summoning', { opponent })}</p>
      </div>
    </div>
  );
}

/**
 * What stays of a skipped intro (decisions D-UI-10): the arena with both fighters in view and the
 * seconds to FIGHT! on the server's clock. Against a bot the server starts the fight at once (F62),
 * so this is FIGHT! alone; in PvP it counts down while the opponent has not skipped too (F63).
 */
export function IntroCountdown({
  remaining,
  waitingForOpponent,
}: {
  remaining: number;
  waitingForOpponent: boolean;
}) {
  const seconds = Math.ceil(remaining / 1000);
  return (
    <div
      data-testid="intro-countdown"
      className="pointer-events-none absolute inset-x-0 top-[42%] z-30 flex flex-col items-center"
    >
      {seconds > 0 ? (
        <>
          {waitingForOpponent && (
            <p
              data-testid="waiting-opponent-skip"
              className="mb-2 rounded-full bg-night-950/80 px-4 py-1 text-[13px] font-bold text-muted ring-1 ring-white/10"
            >
              {t('introCountdown.waitingForYourOpponent')}
            </p>
          )}
          <p className="rounded-full bg-night-950/80 px-4 py-1 font-display text-[15px] text-gold-200 ring-1 ring-gold-300/30">
            {t('introCountdown.fightIn')}
          </p>
          <span
            key={seconds}
            className="font-display text-[72px] leading-none text-gold-300 text-outline animate-pop-in"
          >
            {seconds}
          </span>
        </>
      ) : (
        <span className="font-display text-[72px] leading-none text-danger-400 text-outline animate-count-pop">
          {t('introCountdown.fight')}
        </span>
      )}
    </div>
  );
}
