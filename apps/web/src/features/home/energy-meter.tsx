import { GameIcon } from '../../components/ui/game-icon.tsx';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { energyAt, useBalance } from '../../lib/realtime/balance-store.ts';
import { useNow } from '../../lib/use-now.ts';

/**
 * Energy as current/max with a bar (spec-a §2 "Home"): the server's last value, regenerating
 * here on the same rule between updates, so it climbs smoothly without jumps.
 */
export function EnergyMeter() {
  const energy = useBalance((state) => state.energy);
  const maxEnergy = useBalance((state) => state.maxEnergy);
  const regenPerSecond = useBalance((state) => state.regenPerSecond);
  const current = energyAt({ energy, maxEnergy, regenPerSecond }, Date.now());
  // Re-render while it regenerates; a full tank needs no clock.
  useNow(200, current < maxEnergy);
  const percent = maxEnergy > 0 ? (current / maxEnergy) * 100 : 0;
  return (
    <div data-layout="energy" className="panel flex items-center gap-3 rounded-2xl px-3 py-2 short:py-1.5">
      <GameIcon name="energy" className="size-9 drop-shadow-[0_2px_8px_rgb(77_217_255/0.6)]" />
      <div className="flex-1">
        <div className="mb-1 flex items-baseline justify-between">
          <span className="text-[12px] font-black tracking-[0.16em] text-energy-300 uppercase">
            {t('energyMeter.energy')}
            {current < maxEnergy && (
              <span className="ms-1.5 tracking-normal text-energy-300/70 normal-case">
                {t('energyMeter.regenPerSecond', { regenPerSecond })}
              </span>
            )}
          </span>
          <span className="font-display text-[17px] tabular-nums text-ink" data-testid="energy">
            {formatNumber(current)} / {formatNumber(maxEnergy)}
          </span>
        </div>
        <ProgressBar value={percent} tone="energy" label={t('energyMeter.energy')} className="h-3.5" />
      </div>
    </div>
  );
}
