import type { BattleCompletedPayload } from '@titans/shared/battle/schemas';
import { Button } from '../../components/ui/button.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { cx } from '../../lib/cx.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';
import type { ArenaResult } from './arena-store.ts';
import { FightSummary, timeUpReason } from './fight-summary.tsx';
import { FirstWinReward } from './practice.tsx';
import { StatsColumn, superAttackNote } from './stats-column.tsx';
import { VideoRecovery } from './video-recovery.tsx';

const HEADLINE = {
  get victory() {
    return t('resultSteps.victory');
  },
  get draw() {
    return t('resultSteps.evenlyMatched');
  },
  get defeat() {
    return t('resultSteps.betterLuckNextTime');
  },
} as const;
const GRAPHIC = {
  get victory() {
    return t('resultSteps.victory');
  },
  get draw() {
    return t('resultSteps.draw');
  },
  get defeat() {
    return t('resultSteps.defeated');
  },
} as const;
const GLOW = { victory: 'bg-gold-400/40', defeat: 'bg-danger-500/30', draw: 'bg-energy-500/30' } as const;

export const RESULT_TONE = {
  victory: 'text-gold-300',
  defeat: 'text-danger-400',
  draw: 'text-energy-300',
} as const;

/** The net coin change (spec-b §9: ±5,000), with the coin icon. */
export function CoinChange({ coins, className }: { coins: number; className: string }) {
  return (
    <p className={cx('flex items-center justify-center gap-2 font-display', className)}>
      <GameIcon name="coin" className="size-7" />
      {coins >= 0 ? '+' : '−'}
      {formatNumber(Math.abs(coins))}
    </p>
  );
}

/** "Time's up" and why the winner won, under the graphic of a battle decided at the limit (F64). */
function TimeUp({ completed }: { completed: BattleCompletedPayload }) {
  const why = timeUpReason(completed);
  if (!why) return null;
  return (
    <div data-testid="time-up" className="mt-3 rounded-2xl bg-night-800/90 px-4 py-2 ring-1 ring-white/10">
      <p className="font-display text-[20px] leading-tight text-gold-200">{t('resultSteps.timeSUp')}</p>
      <p className="text-[13px] leading-snug text-muted">{why}</p>
    </div>
  );
}

/** Step 1: the Victory! / Draw / Defeated graphic, coins, XP, a level-up, and the fight in numbers. */
export function ResultGraphic({ completed }: { completed: BattleCompletedPayload }) {
  return (
    <div className="flex w-full flex-1 flex-col items-center justify-center">
      <div className="relative">
        <div
          className={cx('absolute -inset-10 rounded-full blur-3xl animate-glow', GLOW[completed.result])}
        />
        <p
          className={cx(
            'relative font-display text-[64px] leading-none text-outline animate-pop-in short:text-[52px]',
            RESULT_TONE[completed.result],
          )}
        >
          {GRAPHIC[completed.result]}
        </p>
      </div>
      <TimeUp completed={completed} />
      <CoinChange coins={completed.coins_earned} className="mt-5 text-[26px] text-ink short:mt-3" />
      {completed.experience_earned > 0 && (
        <p className="mt-1 font-display text-[18px] text-energy-300">
          {t('resultSteps.xp', { experience_earned: completed.experience_earned })}
        </p>
      )}
      {completed.level_up && (
        <p className="mt-2 rounded-full bg-success-500/80 px-4 py-1 font-display text-[16px] text-white">
          {t('resultSteps.levelUpLevel', { level: completed.level })}
        </p>
      )}
      {completed.first_win_reward !== undefined && <FirstWinReward amount={completed.first_win_reward} />}
      <FightSummary completed={completed} />
      {completed.result === 'defeat' && completed.stake > 0 && (
        <VideoRecovery battleId={completed.battle_id} />
      )}
    </div>
  );
}

/** Step 2 (PvP only): Battle Stats, yours and your opponent's, the coins and the XP. */
export function PvpStats({ result, speed }: { result: ArenaResult; speed: number | null }) {
  const { completed, pvp } = result;
  const supers =
    (pvp?.super_attacks ?? completed.your_stats.superAttack) +
    (pvp?.opponent_super_attacks ?? completed.opponent_stats.superAttack);
  return (
    <div className="flex w-full flex-1 flex-col justify-center">
      <h2 className="font-display text-[30px] text-gold-300 text-outline">{t('resultSteps.battleStats')}</h2>
      <div className="mt-4 flex gap-3 text-start">
        <StatsColumn
          title={t('resultSteps.yourStats')}
          stats={{
            hits: pvp?.hits ?? completed.your_stats.hits,
            damage: pvp?.damage ?? completed.your_stats.damage,
            superAttack: pvp?.super_attacks ?? completed.your_stats.superAttack,
          }}
        />
        <StatsColumn
          title={t('resultSteps.opponentStats')}
          stats={{
            hits: pvp?.opponent_hits ?? completed.opponent_stats.hits,
            damage: pvp?.opponent_damage ?? completed.opponent_stats.damage,
            superAttack: pvp?.opponent_super_attacks ?? completed.opponent_stats.superAttack,
          }}
        />
      </div>
      {supers > 0 && speed !== null && (
        <p data-testid="super-attack-note" className="mt-3 text-start text-[12px] leading-snug text-muted">
          {superAttackNote(speed)}
        </p>
      )}
      <CoinChange coins={completed.coins_earned} className="mt-5 text-[24px]" />
      {completed.experience_earned > 0 && (
        <p className="font-display text-[18px] text-energy-300">
          {t('resultSteps.xp', { experience_earned: completed.experience_earned })}
        </p>
      )}
    </div>
  );
}

/**
 * Step 3: the headline, 'What would you like to do next?', New Match and Rematch, and the 10 s
 * decision countdown, labelled with what its end does (decisions D-UI-13).
 */
export function Decision(props: {
  completed: BattleCompletedPayload;
  secondsLeft: number;
  onNewMatch: () => void;
  onRematch: () => void;
}) {
  const { completed } = props;
  return (
    <div className="flex w-full flex-1 flex-col items-center justify-center">
      <h2
        className={cx('font-display text-[38px] leading-tight text-outline', RESULT_TONE[completed.result])}
      >
        {HEADLINE[completed.result]}
      </h2>
      <p className="mt-3 text-[16px] text-muted">{t('resultSteps.whatWouldYouLike')}</p>
      <div className="mt-6 w-full max-w-[320px] space-y-3">
        <Button block size="lg" onClick={props.onNewMatch}>
          {t('resultSteps.newMatch')}
        </Button>
        <Button block size="lg" variant="secondary" onClick={props.onRematch}>
          {t('resultSteps.rematch')}
        </Button>
      </div>
      <p className="mt-4 text-[14px] text-muted tabular-nums" data-testid="decision-countdown">
        {t('resultSteps.backToTheArena')}{' '}
        <span className="font-display text-[15px] text-ink">
          {t('resultSteps.s', { secondsLeft: props.secondsLeft })}
        </span>
      </p>
    </div>
  );
}
