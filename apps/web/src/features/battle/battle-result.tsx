import { CONFETTI_MS, DECISION_COUNTDOWN_MS } from '@titans/shared/constants';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { cx } from '../../lib/cx.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useNow } from '../../lib/use-now.ts';
import { type ArenaResult, useArena } from './arena-store.ts';
import { Confetti } from './confetti.tsx';
import { Decision, PvpStats, ResultGraphic } from './result-steps.tsx';

/** The 10 s decision countdown of step 3; at 0 the player goes back to the lobby. */
function useDecisionCountdown(active: boolean, onEnd: () => void): number {
  const [decisionAt, setDecisionAt] = useState<number | null>(null);
  const now = useNow(250, active);
  useEffect(() => {
    if (active) setDecisionAt(Date.now());
  }, [active]);
  const secondsLeft = decisionAt
    ? Math.max(0, Math.ceil((decisionAt + DECISION_COUNTDOWN_MS - now) / 1000))
    : 10;
  useEffect(() => {
    if (active && decisionAt && secondsLeft === 0) onEnd();
  }, [active, decisionAt, secondsLeft, onEnd]);
  return secondsLeft;
}

/**
 * The three-step result flow: the Victory! / Draw / Defeated graphic with the fight's
 * numbers, Battle Stats (PvP only), then the decision with New Match and Rematch and a 10 s
 * countdown. Confetti plays on victory for 3 s. Bot battles go from step 1 straight to step 3.
 */
export function BattleResult({
  result,
  onNewMatch,
  onRematch,
  onContinue,
}: {
  result: ArenaResult;
  onNewMatch: () => void;
  onRematch: () => void;
  onContinue: () => void;
}) {
  const { completed } = result;
  // The hero's speed in this battle, for what a super attack is (null after a reload: not known).
  const speed = useArena((s) => s.battle?.user_stats.speed ?? null);
  const steps = completed.is_pvp ? [1, 2, 3] : [1, 3];
  const [index, setIndex] = useState(0);
  const step = steps[index] ?? 1;
  const [confetti, setConfetti] = useState(completed.result === 'victory');
  const secondsLeft = useDecisionCountdown(step === 3, onContinue);
  useEffect(() => {
    if (!confetti) return;
    const timer = setTimeout(() => setConfetti(false), CONFETTI_MS);
    return () => clearTimeout(timer);
  }, [confetti]);

  return (
    <div
      data-testid="battle-result"
      className="relative flex min-h-full flex-col items-center px-5 pt-8 pb-6 text-center short:pt-4 short:pb-4"
    >
      {confetti && <Confetti />}
      <div className="flex gap-2" aria-hidden>
        {steps.map((s, i) => (
          <span key={s} className={cx('h-2 w-8 rounded-full', i <= index ? 'bg-gold-300' : 'bg-white/15')} />
        ))}
      </div>
      {step === 1 && <ResultGraphic completed={completed} />}
      {step === 2 && <PvpStats result={result} speed={speed} />}
      {step === 3 && (
        <Decision
          completed={completed}
          secondsLeft={secondsLeft}
          onNewMatch={onNewMatch}
          onRematch={onRematch}
        />
      )}
      {step !== 3 && (
        <Button block size="lg" className="mt-4 max-w-[320px]" onClick={() => setIndex((i) => i + 1)}>
          {t('battleResult.next')}
        </Button>
      )}
    </div>
  );
}
