import { CONFETTI_MS, DECISION_COUNTDOWN_MS } from '@titans/shared/constants';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { cx } from '../../lib/cx.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { useNow } from '../../lib/use-now.ts';
import type { ArenaResult } from './arena-store.ts';
import { Confetti } from './confetti.tsx';
import { VideoRecovery } from './video-recovery.tsx';

const HEADLINE = { victory: 'Victory!', draw: 'Evenly Matched', defeat: 'Better Luck Next Time' } as const;
const GRAPHIC = { victory: 'Victory!', draw: 'Draw', defeat: 'Defeated' } as const;

function StatsColumn({
  title,
  stats,
}: {
  title: string;
  stats: { hits: number; damage: number; superAttack: number };
}) {
  return (
    <div className="flex-1 rounded-2xl bg-night-800/90 p-3 ring-1 ring-white/10">
      <h3 className="font-display text-[15px] text-gold-200">{title}</h3>
      <dl className="mt-2 space-y-1 text-[14px]">
        <div className="flex justify-between">
          <dt className="text-muted">Hits</dt>
          <dd className="font-display tabular-nums">{formatNumber(stats.hits)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-muted">Damage</dt>
          <dd className="font-display tabular-nums">{formatNumber(stats.damage)}</dd>
        </div>
        {stats.superAttack > 0 && (
          <div className="flex justify-between">
            <dt className="text-muted">Super Attacks</dt>
            <dd className="font-display tabular-nums">{formatNumber(stats.superAttack)}</dd>
          </div>
        )}
        <div className="flex justify-between">
          <dt className="text-muted">Damage Per Hit</dt>
          <dd className="font-display tabular-nums">
            {stats.hits > 0 ? (stats.damage / stats.hits).toFixed(1) : '0'}
          </dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * The three-step result flow (spec-b §2): the Victory! / Draw / Defeated graphic, Battle Stats
 * (PvP only), then the decision with New Match and Rematch and a 10 s countdown. Confetti plays
 * on victory for 3 s. Bot battles go from step 1 straight to step 3.
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
  const steps = completed.is_pvp ? [1, 2, 3] : [1, 3];
  const [index, setIndex] = useState(0);
  const step = steps[index] ?? 1;
  const [confetti, setConfetti] = useState(completed.result === 'victory');
  const [decisionAt, setDecisionAt] = useState<number | null>(null);
  const now = useNow(250, step === 3);

  useEffect(() => {
    if (!confetti) return;
    const timer = setTimeout(() => setConfetti(false), CONFETTI_MS);
    return () => clearTimeout(timer);
  }, [confetti]);
  useEffect(() => {
    if (step === 3) setDecisionAt(Date.now());
  }, [step]);
  const secondsLeft = decisionAt
    ? Math.max(0, Math.ceil((decisionAt + DECISION_COUNTDOWN_MS - now) / 1000))
    : 10;
  useEffect(() => {
    // When the decision time runs out, the player goes back to the lobby (Continue → /fight).
    if (step === 3 && decisionAt && secondsLeft === 0) onContinue();
  }, [step, decisionAt, secondsLeft, onContinue]);

  const coins = completed.coins_earned;
  const tone =
    completed.result === 'victory'
      ? 'text-gold-300'
      : completed.result === 'defeat'
        ? 'text-danger-400'
        : 'text-energy-300';

  return (
    <div
      data-testid="battle-result"
      className="relative flex h-full flex-col items-center px-5 pt-8 pb-6 text-center"
    >
      {confetti && <Confetti />}
      <div className="flex gap-2" aria-hidden>
        {steps.map((s, i) => (
          <span key={s} className={cx('h-2 w-8 rounded-full', i <= index ? 'bg-gold-300' : 'bg-white/15')} />
        ))}
      </div>

      {step === 1 && (
        <div className="flex flex-1 flex-col items-center justify-center">
          <div className="relative">
            <div
              className={cx(
                'absolute -inset-10 rounded-full blur-3xl animate-glow',
                completed.result === 'victory'
                  ? 'bg-gold-400/40'
                  : completed.result === 'defeat'
                    ? 'bg-danger-500/30'
                    : 'bg-energy-500/30',
              )}
            />
            <p
              className={cx(
                'relative font-display text-[64px] leading-none text-outline animate-pop-in',
                tone,
              )}
            >
              {GRAPHIC[completed.result]}
            </p>
          </div>
          <p className="mt-6 flex items-center gap-2 font-display text-[26px] text-ink">
            <GameIcon name="coin" className="size-7" />
            {coins >= 0 ? '+' : '−'}
            {formatNumber(Math.abs(coins))}
          </p>
          {completed.experience_earned > 0 && (
            <p className="mt-1 font-display text-[18px] text-energy-300">+{completed.experience_earned} XP</p>
          )}
          {completed.level_up && (
            <p className="mt-2 rounded-full bg-success-500/80 px-4 py-1 font-display text-[16px] text-white">
              Level up! Level {completed.level}
            </p>
          )}
          {completed.result === 'defeat' && <VideoRecovery battleId={completed.battle_id} />}
        </div>
      )}

      {step === 2 && (
        <div className="flex w-full flex-1 flex-col justify-center">
          <h2 className="font-display text-[30px] text-gold-300 text-outline">Battle Stats</h2>
          <div className="mt-4 flex gap-3 text-left">
            <StatsColumn
              title="Your Stats"
              stats={{
                hits: result.pvp?.hits ?? completed.your_stats.hits,
                damage: result.pvp?.damage ?? completed.your_stats.damage,
                superAttack: result.pvp?.super_attacks ?? completed.your_stats.superAttack,
              }}
            />
            <StatsColumn
              title="Opponent Stats"
              stats={{
                hits: result.pvp?.opponent_hits ?? completed.opponent_stats.hits,
                damage: result.pvp?.opponent_damage ?? completed.opponent_stats.damage,
                superAttack: result.pvp?.opponent_super_attacks ?? completed.opponent_stats.superAttack,
              }}
            />
          </div>
          <p className="mt-5 flex items-center justify-center gap-2 font-display text-[24px]">
            <GameIcon name="coin" className="size-6" />
            {coins >= 0 ? '+' : '−'}
            {formatNumber(Math.abs(coins))}
          </p>
          {completed.experience_earned > 0 && (
            <p className="font-display text-[18px] text-energy-300">+{completed.experience_earned} XP</p>
          )}
        </div>
      )}

      {step === 3 && (
        <div className="flex w-full flex-1 flex-col items-center justify-center">
          <h2 className={cx('font-display text-[38px] leading-tight text-outline', tone)}>
            {HEADLINE[completed.result]}
          </h2>
          <p className="mt-3 text-[16px] text-muted">What would you like to do next?</p>
          <div className="mt-6 w-full max-w-[320px] space-y-3">
            <Button block size="lg" onClick={onNewMatch}>
              New Match
            </Button>
            <Button block size="lg" variant="secondary" onClick={onRematch}>
              Rematch
            </Button>
          </div>
          <p
            className="mt-4 font-display text-[15px] text-faint tabular-nums"
            data-testid="decision-countdown"
          >
            {secondsLeft}s
          </p>
        </div>
      )}

      {step !== 3 && (
        <Button block size="lg" className="max-w-[320px]" onClick={() => setIndex((i) => i + 1)}>
          Next
        </Button>
      )}
    </div>
  );
}
