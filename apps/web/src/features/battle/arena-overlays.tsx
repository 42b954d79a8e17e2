import { BATTLE_HINT_MS, DAMAGE_FLASH_MS } from '@titans/shared/constants';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../lib/i18n/i18n.ts';
import { useArena } from './arena-store.ts';

/** The opponent looms in the middle of the arena and recoils when hit. */
export function OpponentFigure({ image }: { image: string }) {
  const opponentHurtAt = useArena((s) => s.opponentHurtAt);
  const ref = useRef<HTMLImageElement>(null);
  // Runs on the compositor (Web Animations), not through React renders.
  useEffect(() => {
    if (!opponentHurtAt) return;
    ref.current?.animate(
      [
        { transform: 'scale(1)', filter: 'brightness(1)' },
        { transform: 'scale(0.92) translateX(6px)', filter: 'brightness(1.8)' },
        { transform: 'scale(1)', filter: 'brightness(1)' },
      ],
      { duration: DAMAGE_FLASH_MS, easing: 'ease-out' },
    );
  }, [opponentHurtAt]);
  return (
    <div className="pointer-events-none absolute left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2">
      <div className="relative">
        <div className="absolute inset-4 rounded-full bg-[radial-gradient(circle,rgb(239_68_68/0.35)_0%,transparent_70%)]" />
        <img ref={ref} src={image} alt="" className="relative size-44 rounded-[32px] object-contain" />
      </div>
    </div>
  );
}

/** The commentary banner of a live event that just started (3 s). */
export function EventBanner() {
  const banner = useArena((s) => s.banner);
  if (!banner) return null;
  return (
    <p
      key={banner.at}
      data-testid="event-banner"
      className="pointer-events-none absolute left-1/2 top-[38%] z-30 whitespace-nowrap rounded-2xl bg-[linear-gradient(180deg,#ffe585_0%,#f5a300_100%)] px-6 py-2 font-display text-[34px] text-[#4a2300] shadow-[0_10px_30px_rgb(0_0_0/0.5)] animate-banner-slam"
    >
      {banner.text}
    </p>
  );
}

/** The hint, hidden 5 s after FIGHT!. */
export function BattleHint({ live }: { live: boolean }) {
  const [gone, setGone] = useState(false);
  useEffect(() => {
    if (!live) return;
    const timer = setTimeout(() => setGone(true), BATTLE_HINT_MS);
    return () => clearTimeout(timer);
  }, [live]);
  if (!live || gone) return null;
  return (
    <p className="pointer-events-none absolute inset-x-6 bottom-3 z-0 rounded-2xl bg-night-950/75 px-3 py-2 text-center text-[14px] font-bold text-ink ring-1 ring-white/10">
      {t('arenaOverlays.tapTheCircleAs')}
    </p>
  );
}

/** Waiting for opponent... while the opponent's rejoin grace period runs. */
export function OpponentWaiting() {
  const waiting = useArena((s) => s.opponentWaiting);
  if (!waiting) return null;
  return (
    <div className="absolute inset-x-0 top-1/3 z-30 mx-8 rounded-2xl bg-night-950/85 px-4 py-4 text-center ring-1 ring-gold-300/30">
      <Spinner className="mx-auto" />
      <p className="mt-2 font-display text-[18px] text-ink">{t('arenaOverlays.waitingForOpponent')}</p>
    </div>
  );
}
