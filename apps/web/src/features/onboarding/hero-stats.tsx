import type { Character } from '@titans/shared/characters/schemas';
import { formatNumber } from '../../lib/format-number.ts';

export interface HeroStatsProps {
  character: Character;
  /** The largest value of each stat among the heroes on offer, to scale the bars. */
  scale: Record<StatKey, number>;
}

export type StatKey = 'health' | 'power' | 'defense' | 'speed';

/** HP, ATK, DEF and SPD of the chosen hero (spec-a §2). Attack is the character's `power`. */
export const HERO_STATS: ReadonlyArray<{ key: StatKey; label: string; color: string }> = [
  { key: 'health', label: 'HP', color: 'from-[#86efac] to-[#16a34a]' },
  { key: 'power', label: 'ATK', color: 'from-[#fda4af] to-[#e11d48]' },
  { key: 'defense', label: 'DEF', color: 'from-[#93c5fd] to-[#2563eb]' },
  { key: 'speed', label: 'SPD', color: 'from-[#fde68a] to-[#f59e0b]' },
];

export function HeroStats({ character, scale }: HeroStatsProps) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2.5">
      {HERO_STATS.map(({ key, label, color }) => {
        const value = character[key];
        const share = Math.min(1, value / (scale[key] * 1.15 || 1));
        return (
          <div key={key} className="flex items-center gap-2">
            <dt className="w-8 font-display text-[14px] text-muted">{label}</dt>
            <dd className="flex flex-1 items-center gap-2">
              <span className="relative h-2.5 flex-1 overflow-hidden rounded-full bg-night-950/80 ring-1 ring-white/10">
                <span
                  className={`absolute inset-0 rounded-full bg-gradient-to-b ${color} transition-transform duration-300 ease-out`}
                  style={{ transform: `translateX(${(share - 1) * 100}%)` }}
                />
              </span>
              {/* "4,000" with its separator, as every other figure; the column grows to hold it. */}
              <span className="min-w-10 text-end font-display text-[15px] tabular-nums text-ink">
                {formatNumber(value)}
              </span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
