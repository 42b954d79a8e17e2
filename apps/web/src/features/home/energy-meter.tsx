import { GameIcon } from '../../components/ui/game-icon.tsx';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { formatNumber } from '../../lib/format-number.ts';

/** Energy as current/max with a bar (spec-a §2 "Home"). */
export function EnergyMeter({ energy, maxEnergy }: { energy: number; maxEnergy: number }) {
  const percent = maxEnergy > 0 ? (energy / maxEnergy) * 100 : 0;
  return (
    <div className="panel flex items-center gap-3 rounded-2xl px-3 py-2.5">
      <GameIcon name="energy" className="size-9 drop-shadow-[0_2px_8px_rgb(77_217_255/0.6)]" />
      <div className="flex-1">
        <div className="mb-1.5 flex items-baseline justify-between">
          <span className="text-[12px] font-black tracking-[0.18em] text-energy-300 uppercase">Energy</span>
          <span className="font-display text-[17px] tabular-nums text-ink" data-testid="energy">
            {formatNumber(energy)} / {formatNumber(maxEnergy)}
          </span>
        </div>
        <ProgressBar value={percent} tone="energy" label="Energy" className="h-3.5" />
      </div>
    </div>
  );
}
