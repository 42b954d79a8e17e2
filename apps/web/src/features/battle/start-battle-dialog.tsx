import type { Difficulty } from '@titans/shared/battle/bots';
import {
  BATTLE_COIN_REWARD,
  BATTLE_MIN_HITS_TO_EARN,
  BATTLE_STAKE,
  MAX_BATTLE_ENERGY,
} from '@titans/shared/constants';
import { type TabItem, Tabs } from '../../components/tabs.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { cx } from '../../lib/cx.ts';
import { formatNumber } from '../../lib/format-number.ts';

const DIFFICULTY_LABEL: Record<Difficulty, string> = { easy: 'Easy', medium: 'Medium', hard: 'Hard' };

const MODE_TABS: ReadonlyArray<TabItem<'pvp' | 'pve'>> = [
  { value: 'pvp', label: 'Player vs Player' },
  { value: 'pve', label: 'Player vs AI' },
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
      ? `Victory or a draw returns it with +${prize}`
      : `Victory returns it with +${prize}, a draw returns it alone`;
  return (
    `You stake ${stake} coins when the battle starts. ${wins}; a defeat or leaving the battle ` +
    `loses it. Prizes need at least ${BATTLE_MIN_HITS_TO_EARN} hits.`
  );
}

/** spec-b §2: for Player vs AI a difficulty is chosen, easy, medium or hard. */
function DifficultyPicker({
  difficulty,
  onChange,
}: {
  difficulty: Difficulty;
  onChange: (change: { difficulty: Difficulty }) => void;
}) {
  return (
    <div className="mt-4">
      <p className="text-left text-[12px] font-black tracking-[0.16em] text-gold-200/90 uppercase">
        Difficulty
      </p>
      <div className="mt-2 grid grid-cols-3 gap-2">
        {(['easy', 'medium', 'hard'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={difficulty === value}
            onClick={() => onChange({ difficulty: value })}
            className={cx(
              'rounded-xl py-2 font-display text-[15px] ring-1 transition-colors',
              difficulty === value
                ? value === 'easy'
                  ? 'bg-success-500 text-white ring-success-400'
                  : value === 'medium'
                    ? 'bg-gold-500 text-[#4a2300] ring-gold-300'
                    : 'bg-danger-500 text-white ring-danger-400'
                : 'bg-night-950/60 text-muted ring-white/10',
            )}
          >
            {DIFFICULTY_LABEL[value]}
          </button>
        ))}
      </div>
    </div>
  );
}

/** The energy to spend (1 to the dialog's 3000, at most what the player has). */
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
  return (
    <div className="mt-4 text-left">
      <label
        htmlFor="battle-energy"
        className="flex justify-between text-[12px] font-black tracking-[0.16em] text-gold-200/90 uppercase"
      >
        <span>Energy to spend</span>
        <span className="flex items-center gap-1 font-display text-[15px] tracking-normal text-energy-300 tabular-nums">
          <GameIcon name="energy" className="size-4" /> {formatNumber(energy)}
        </span>
      </label>
      <input
        id="battle-energy"
        type="range"
        min={1}
        max={max}
        value={Math.min(energy, max)}
        onChange={(event) => onChange({ energy: Number(event.target.value) })}
        className="mt-2 w-full accent-[#4dd9ff]"
      />
      <p className="text-[12px] text-faint">
        Up to {formatNumber(max)} (you have {formatNumber(availableEnergy)})
      </p>
    </div>
  );
}

/** spec-b §2 start dialog: Player vs Player / Player vs AI, difficulty, energy to spend (max 3000). */
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
      title="Start Battle"
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
            Start Battle
          </Button>
          <Button block variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </>
      }
    >
      <Tabs
        label="Battle mode"
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
      <p data-testid="stake-terms" className="mt-3 text-left text-[13px] leading-snug text-muted">
        {stakeTerms(mode)}
      </p>
      {blockedReason && (
        <p id="start-blocked-reason" className="mt-2 text-left text-[14px] font-bold text-danger-400">
          {blockedReason}
        </p>
      )}
    </Dialog>
  );
}
