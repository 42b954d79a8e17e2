import { t } from '../../lib/i18n/i18n.ts';
import { useBalance } from '../../lib/realtime/balance-store.ts';
import { useConnection } from '../../lib/realtime/connection-store.ts';
import { useOutOfEnergy } from './use-out-of-energy.ts';

/** The Home screen. */
export const OUT_OF_ENERGY_TEXT = () => t('heroCaption.outOfEnergyWait');

/**
 * Under the hero, in one fixed-height slot (nothing jumps): its name and level, or the red
 * out-of-energy message (tapping needs energy above 0) while a tap cannot be paid
 * for or just after one was refused (the Boost tile then offers the free refills, home-actions.tsx),
 * or a quiet line while the connection is down (tapping needs a connection too).
 */
export function HeroCaption({ name, level }: { name: string; level: number }) {
  const status = useConnection((state) => state.status);
  const synced = useBalance((state) => state.synced);
  const outOfEnergy = useOutOfEnergy();

  if (outOfEnergy) {
    return (
      <p
        role="alert"
        className="rounded-full bg-danger-800/80 px-3.5 py-1.5 text-center text-[14px] leading-tight font-black text-white ring-1 ring-danger-400/70 shadow-[0_0_18px_rgb(239_68_68/0.45)] animate-pop-in"
      >
        {OUT_OF_ENERGY_TEXT()}
      </p>
    );
  }
  if (status !== 'connected' && synced) {
    return (
      <p className="rounded-full bg-night-950/75 px-3.5 py-1.5 text-[14px] font-bold text-muted ring-1 ring-white/10">
        {t('heroCaption.reconnectingToTheRealm')}
      </p>
    );
  }
  return (
    <div className="flex items-center gap-2 rounded-full bg-night-950/75 py-1 pe-4 ps-1 ring-1 ring-gold-300/35">
      <span className="rounded-full bg-gold-300 px-2 py-0.5 font-display text-[13px] text-[#4a2300]">
        {t('heroCaption.lv', { level })}
      </span>
      <span className="font-display text-[16px] text-ink">{name}</span>
    </div>
  );
}
