import type { Difficulty } from '@titans/shared/battle/bots';
import {
  BATTLE_COIN_REWARD,
  BATTLE_MIN_HITS_TO_EARN,
  BATTLE_STAKE,
  MAX_BATTLE_ENERGY,
  MAX_EQUIPPED_ITEMS,
  TOAST_MS,
} from '@titans/shared/constants';
import type { InventoryEntry } from '@titans/shared/inventory/schemas';
import type { OwnedAvatar } from '@titans/shared/user/schemas';
import { useState } from 'react';
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
      {mode === 'pve' && (
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
      )}
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

const GROUPS = [
  { type: 'weapon', title: 'Weapons' },
  { type: 'armour', title: 'Armours' },
  { type: 'shield', title: 'Shields' },
] as const;

function effectLine(entry: InventoryEntry) {
  const effects = entry.item_details?.effects ?? {};
  const parts = [];
  if (effects.power_boost) parts.push(`+${effects.power_boost} ATK`);
  if (effects.defense_boost) parts.push(`+${effects.defense_boost} DEF`);
  if (effects.energy_boost) parts.push(`+${effects.energy_boost} HP`);
  return parts.join(' · ');
}

/** spec-b §2 Select Items: grouped Weapons / Armours / Shields, at most 3, 'N of 3 items selected'. */
export function SelectItemsModal({
  open,
  items,
  selected,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  items: InventoryEntry[];
  selected: string[];
  onCancel: () => void;
  onConfirm: (items: string[]) => void;
}) {
  const [picked, setPicked] = useState<string[]>(selected);
  const [limitAt, setLimitAt] = useState<number | null>(null);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setPicked(selected);
  }
  const toggle = (itemId: string) => {
    if (picked.includes(itemId)) return setPicked(picked.filter((id) => id !== itemId));
    if (picked.length >= MAX_EQUIPPED_ITEMS) {
      setLimitAt(Date.now());
      setTimeout(() => setLimitAt(null), TOAST_MS);
      return;
    }
    setPicked([...picked, itemId]);
  };
  const equippable = items.filter((entry) => GROUPS.some((group) => group.type === entry.item_type));
  return (
    <Dialog
      open={open}
      title="Select Items"
      onClose={onCancel}
      actions={
        <>
          <Button block size="lg" onClick={() => onConfirm(picked)}>
            Confirm Selection ({picked.length}/{MAX_EQUIPPED_ITEMS})
          </Button>
          <Button block variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </>
      }
    >
      <p className="text-[14px] text-muted" data-testid="items-counter">
        {picked.length} of {MAX_EQUIPPED_ITEMS} items selected
      </p>
      {limitAt && (
        <p
          role="alert"
          className="mt-2 rounded-xl bg-danger-500/90 px-3 py-2 text-[14px] font-bold text-white"
        >
          You can only select up to 3 items for battle!
        </p>
      )}
      <div className="mt-3 max-h-[46vh] space-y-4 overflow-y-auto pr-1 text-left">
        {equippable.length === 0 && (
          <p className="py-6 text-center text-[15px] text-muted">
            No items available. Visit the marketplace to purchase items.
          </p>
        )}
        {GROUPS.map((group) => {
          const list = equippable.filter((entry) => entry.item_type === group.type);
          if (list.length === 0) return null;
          return (
            <section key={group.type}>
              <h3 className="text-[12px] font-black tracking-[0.16em] text-gold-200/90 uppercase">
                {group.title}
              </h3>
              <div className="mt-2 grid grid-cols-3 gap-2">
                {list.map((entry) => {
                  const itemId = entry.item_id;
                  if (!itemId) return null;
                  const on = picked.includes(itemId);
                  return (
                    <button
                      key={entry._id}
                      type="button"
                      aria-pressed={on}
                      aria-label={entry.item_details?.name}
                      onClick={() => toggle(itemId)}
                      className={cx(
                        'relative flex flex-col items-center rounded-2xl p-2 ring-2 transition-transform active:scale-95',
                        on ? 'bg-gold-400/20 ring-gold-300' : 'bg-night-950/60 ring-white/10',
                      )}
                    >
                      <img src={entry.item_details?.image_url} alt="" className="size-12 object-contain" />
                      <span className="mt-1 line-clamp-2 text-[11px] font-bold leading-tight text-ink">
                        {entry.item_details?.name}
                      </span>
                      <span className="text-[10px] text-energy-300">{effectLine(entry)}</span>
                      {entry.count > 1 && (
                        <span className="absolute top-1 right-1.5 text-[10px] font-black text-gold-200">
                          x{entry.count}
                        </span>
                      )}
                      {on && (
                        <span className="absolute -top-1.5 -left-1.5 grid size-5 place-items-center rounded-full bg-gold-400 text-[12px] font-black text-[#4a2300]">
                          <svg viewBox="0 0 16 16" className="size-3" aria-hidden="true">
                            <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.5" />
                          </svg>
                        </span>
                      )}
                    </button>
                  );
                })}
              </div>
            </section>
          );
        })}
      </div>
    </Dialog>
  );
}

/** spec-b §2 Select Character: owned characters with level, race, health, attack, defense, speed. */
export function SelectCharacterModal({
  open,
  avatars,
  selectedId,
  onCancel,
  onSelect,
}: {
  open: boolean;
  avatars: OwnedAvatar[];
  selectedId: string | null;
  onCancel: () => void;
  onSelect: (characterId: string) => void;
}) {
  return (
    <Dialog
      open={open}
      title="Select Character"
      onClose={onCancel}
      actions={
        <Button block variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      }
    >
      {avatars.length === 0 && <p className="py-6 text-[15px] text-muted">No characters available</p>}
      <div className="grid max-h-[52vh] grid-cols-2 gap-2 overflow-y-auto text-left">
        {avatars.map((avatar) => (
          <button
            key={avatar.character_id}
            type="button"
            aria-pressed={avatar.character_id === selectedId}
            onClick={() => onSelect(avatar.character_id)}
            className={cx(
              'rounded-2xl p-2 ring-2 transition-transform active:scale-95',
              avatar.character_id === selectedId
                ? 'bg-gold-400/20 ring-gold-300'
                : 'bg-night-950/60 ring-white/10',
            )}
          >
            <img src={avatar.image} alt="" className="mx-auto size-16 object-contain" />
            <p className="truncate font-display text-[14px] text-ink">{avatar.name}</p>
            <p className="text-[11px] text-muted">
              Lv {avatar.level} · {avatar.race}
            </p>
            <p className="mt-0.5 text-[11px] tabular-nums text-ink">
              HP {avatar.health} · ATK {avatar.power} · DEF {avatar.defense} · SPD {avatar.speed}
            </p>
          </button>
        ))}
      </div>
    </Dialog>
  );
}
