import type { BattleStartedPayload } from '@titans/shared/battle/schemas';
import { cx } from '../../lib/cx.ts';
import { BattleHint, EventBanner, OpponentFigure, OpponentWaiting } from './arena-overlays.tsx';
import { eventBanner, useArena } from './arena-store.ts';
import { BattleTargetLayer } from './battle-target.tsx';
import { ComboCounter } from './combo-counter.tsx';
import { DamageLayer } from './damage-layer.tsx';
import { useElementSize } from './use-element-size.ts';

const EVENT_TINT: Record<string, string> = {
  frenzy: 'from-fuchsia-500/35',
  critical: 'from-amber-400/35',
  powerUp: 'from-emerald-400/35',
  danger: 'from-red-600/45',
};

/**
 * The play area: the opponent, the one live target (measured, so it is drawn whole inside),
 * combo, live-event tint, chip and banner, floating damage numbers, the hint and the
 * opponent-away notice.
 */
export function ArenaField({
  battle,
  live,
  server,
}: {
  battle: BattleStartedPayload;
  live: boolean;
  server: number;
}) {
  const liveEvent = useArena((s) => s.liveEvent);
  const [ref, box] = useElementSize<HTMLDivElement>();
  return (
    <div
      ref={ref}
      data-testid="arena-field"
      className={cx(
        'relative mx-3 mt-3 flex-1 overflow-hidden rounded-[28px] ring-1 ring-white/10',
        'bg-[radial-gradient(ellipse_at_50%_45%,rgb(90_72_176/0.35)_0%,rgb(13_10_38/0.6)_70%)]',
      )}
    >
      {liveEvent && (
        <div
          aria-hidden
          className={cx(
            'absolute inset-0 bg-gradient-to-b to-transparent animate-fade-in',
            EVENT_TINT[liveEvent.kind],
          )}
        />
      )}
      <OpponentFigure image={battle.opponent_info.character.image} />
      {liveEvent && (
        <p
          data-testid="live-event"
          className="absolute start-3 top-3 z-10 rounded-full bg-night-950/70 px-3 py-1 font-display text-[13px] text-gold-200 ring-1 ring-gold-300/40"
        >
          {eventBanner(liveEvent.kind)}
        </p>
      )}
      <ComboCounter />
      {live && box && <BattleTargetLayer battle={battle} box={box} server={server} />}
      <DamageLayer space={battle.arena} box={box} />
      <EventBanner />
      <BattleHint live={live} />
      <OpponentWaiting />
    </div>
  );
}
