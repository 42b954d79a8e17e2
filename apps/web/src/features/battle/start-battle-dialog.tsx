import { BOTS, DIFFICULTIES, type Difficulty } from '@titans/shared/battle/bots';
import { energyEffect } from '@titans/shared/battle/energy-effect';
import {
  BATTLE_COIN_REWARD,
  BATTLE_ENTRY_ENERGY,
  BATTLE_MIN_HITS_TO_EARN,
  BATTLE_STAKE,
  ENERGY_PER_BONUS_HEALTH,
  MAX_BATTLE_ENERGY,
} from '@titans/shared/constants';
import { type TabItem, Tabs } from '../../components/tabs.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { cx } from '../../lib/cx.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { difficultyName } from './difficulty-name.ts';

const MODE_TABS: ReadonlyArray<TabItem<'pvp' | 'pve'>> = [
  {
    value: 'pvp',
    get label() {
      return t('startBattleDialog.playerVsPlayer');
    },
  },
  {
    value: 'pve',
    get label() {
      return t('startBattleDialog.playerVsAi');
    },
  },
];

/**
 * What a battle of this mode stakes and pays (rules F33–F35, decisions D-WEB-37): the stake is taken
 * when it starts; a bot battle pays the prize on a draw too, a PvP draw returns the stake only; a
 * side with too few hits earns no prize.
 */
export function stakeTerms(mode: 'pvp' | 'pve'): string {
  const stake = formatNumber(BATTLE_STAKE);
  const prize = formatNumber(BATTLE_COIN_REWARD);
  const wins =
    mode === 'pve'
      ? t('startBattleDialog.victoryOrADraw', { prize })
      : t('startBattleDialog.victoryReturnsItWith', { prize });
  return t('startBattleDialog.youStakeCoinsWhen', { stake, wins, hits: BATTLE_MIN_HITS_TO_EARN });
}

/** BAL4: a bot's numbers as the picker shows them, before the stake (its stats vary by ±10 health, ±2 each other). */
function BotStats({ difficulty }: { difficulty: Difficulty }) {
  const bot = BOTS[difficulty];
  return (
    <dl data-testid={`bot-stats-${difficulty}`} className="mt-1 text-[11px] leading-tight tabular-nums">
      {(
        [
          ['HP', formatNumber(bot.health)],
          ['ATK', bot.attack],
          ['DEF', bot.defense],
        ] as const
      ).map(([label, value]) => (
        <div key={label} className="flex justify-center gap-1">
          <dt className="opacity-70">{label}</dt>
          <dd className="font-bold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** For Player vs AI a difficulty is chosen, easy, medium or hard; each shows its bot's numbers. */
function DifficultyPicker({
  difficulty,
  onChange,
}: {
  difficulty: Difficulty;
  onChange: (change: { difficulty: Difficulty }) => void;
}) {
  const bot = BOTS[difficulty];
  return (
    <div className="mt-4">
      <p className="text-start text-[12px] font-black tracking-[0.16em] text-gold-200/90 uppercase">
        {t('startBattleDialog.difficulty')}
      </p>
      <div className="mt-2 grid grid-cols-3 gap-2">
        {DIFFICULTIES.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={difficulty === value}
            onClick={() => onChange({ difficulty: value })}
            className={cx(
              'rounded-xl px-1 py-2 ring-1 transition-colors',
              difficulty === value
                ? value === 'easy'
                  ? 'bg-success-500 text-white ring-success-400'
                  : value === 'medium'
                    ? 'bg-gold-500 text-[#4a2300] ring-gold-300'
                    : 'bg-danger-500 text-white ring-danger-400'
                : 'bg-night-950/60 text-muted ring-white/10',
            )}
          >
            <span className="block font-display text-[15px]">{difficultyName(value)}</span>
            <BotStats difficulty={value} />
          </button>
        ))}
      </div>
      <p data-testid="bot-terms" className="mt-2 text-start text-[12px] leading-snug text-muted">
        {t('startBattleDialog.attacksEvery', { name: bot.name })}
        {bot.attackIntervalMs / 1000}
        {t('startBattleDialog.sYourTapsHit')}
      </p>
    </div>
  );
}

/** BAL5: what the chosen energy buys, in words, from the same function the server applies. */
export function energyTerms(energy: number): string {
  const { bonusHealth } = energyEffect(energy);
  if (energy <= BATTLE_ENTRY_ENERGY)
    return t('startBattleDialog.energyIsTheEntry', {
      energy: formatNumber(energy),
      per: formatNumber(ENERGY_PER_BONUS_HEALTH),
    });
  return t('startBattleDialog.startingHealth', {
    health: formatNumber(bonusHealth),
    entry: formatNumber(BATTLE_ENTRY_ENERGY),
    per: formatNumber(ENERGY_PER_BONUS_HEALTH),
  });
}

/**
 * The energy to spend (up to the dialog's 3000 and what the player has): the entry's 10, then steps
 * of 2, each buying 1 starting health (BAL5), so every step changes what the battle gets.
 */
function EnergyPicker({
  energy,
  max,
  availableEnergy,
  onChange,
}: {
  energy: number;
  max: number;
  availableEnergy: number;
  onChange: (change: { energy: number }) => void;
}) {
  const min = Math.min(BATTLE_ENTRY_ENERGY, max);
  const value = Math.max(min, Math.min(energy, max));
  return (
    <div className="mt-4 text-start">
      <label
        htmlFor="battle-energy"
        className="flex justify-between text-[12px] font-black tracking-[0.16em] text-gold-200/90 uppercase"
      >
        <span>{t('startBattleDialog.energyToSpend')}</span>
        <span className="flex items-center gap-1 font-display text-[15px] tracking-normal text-energy-300 tabular-nums">
          <GameIcon name="energy" className="size-4" /> {formatNumber(energyEffect(value).energy)}
        </span>
      </label>
      <input
        id="battle-energy"
        type="range"
        min={min}
        max={max}
        step={min === BATTLE_ENTRY_ENERGY ? ENERGY_PER_BONUS_HEALTH : 1}
        value={value}
        onChange={(event) => onChange({ energy: Number(event.target.value) })}
        className="mt-2 w-full accent-[#4dd9ff]"
      />
      <p data-testid="energy-effect" className="text-[13px] font-bold text-success-400">
        {energyTerms(value)}
      </p>
      <p className="text-[12px] text-faint">
        {t('startBattleDialog.upToYouHave', {
          max: formatNumber(max),
          availableEnergy: formatNumber(availableEnergy),
        })}
      </p>
    </div>
  );
}

/** Start dialog: Player vs Player / Player vs AI, difficulty, energy to spend (max 3000). */
export function StartBattleDialog({
  open,
  mode,
  difficulty,
  energy,
  availableEnergy,
  blockedReason = null,
  onChange,
  onCancel,
  onStart,
}: {
  open: boolean;
  mode: 'pvp' | 'pve';
  difficulty: Difficulty;
  energy: number;
  availableEnergy: number;
  /** Why the battle cannot start (the stake is missing): Start Battle is disabled and says so. */
  blockedReason?: string | null;
  onChange: (change: { mode?: 'pvp' | 'pve'; difficulty?: Difficulty; energy?: number }) => void;
  onCancel: () => void;
  onStart: () => void;
}) {
  const max = Math.max(1, Math.min(MAX_BATTLE_ENERGY, availableEnergy));
  return (
    <Dialog
      open={open}
      title={t('startBattleDialog.startBattle')}
      onClose={onCancel}
      actions={
        <>
          <Button
            block
            size="lg"
            disabled={blockedReason !== null}
            aria-describedby={blockedReason ? 'start-blocked-reason' : undefined}
            onClick={onStart}
          >
            {t('startBattleDialog.startBattle')}
          </Button>
          <Button block variant="ghost" onClick={onCancel}>
            {t('startBattleDialog.cancel')}
          </Button>
        </>
      }
    >
      <Tabs
        label={t('startBattleDialog.battleMode')}
        items={MODE_TABS}
        value={mode}
        onChange={(value) => onChange({ mode: value })}
        className="mt-1 grid grid-cols-2 gap-1 rounded-2xl bg-night-950/70 p-1"
        tabClassName={(selected) =>
          cx(
            'rounded-xl py-2.5 font-display text-[15px] transition-colors',
            selected ? 'bg-gold-400 text-[#4a2300]' : 'text-muted',
          )
        }
      />
      {mode === 'pve' && <DifficultyPicker difficulty={difficulty} onChange={onChange} />}
      <EnergyPicker energy={energy} max={max} availableEnergy={availableEnergy} onChange={onChange} />
      <p data-testid="stake-terms" className="mt-3 text-start text-[13px] leading-snug text-muted">
        {stakeTerms(mode)}
      </p>
      {blockedReason && (
        <p id="start-blocked-reason" className="mt-2 text-start text-[14px] font-bold text-danger-400">
          {blockedReason}
        </p>
      )}
    </Dialog>
  );
}
