import type { BattleStartedPayload, BattleTarget as Target } from '@titans/shared/battle/schemas';
import { TAP_ANIMATION_MS } from '@titans/shared/constants';
import { useRef, useState } from 'react';
import { audioEngine } from '../../lib/audio/audio-engine.ts';
import { cx } from '../../lib/cx.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { tapTarget } from './api/battle-commands.ts';
import { registerLocalTap, useArena } from './arena-store.ts';
import { placeTarget, type Size } from './target-placement.ts';

const TARGET_FACE: Record<string, string> = {
  normal:
    'bg-[radial-gradient(circle_at_35%_30%,#fff7c2_0%,#ffc21f_35%,#d97706_75%,#7c2d12_100%)] ring-gold-200',
  frenzy: 'bg-[radial-gradient(circle_at_35%_30%,#fde7ff_0%,#e879f9_40%,#a21caf_80%)] ring-fuchsia-200',
  critical: 'bg-[radial-gradient(circle_at_35%_30%,#fff_0%,#fde047_35%,#f97316_75%)] ring-white',
  large: 'bg-[radial-gradient(circle_at_35%_30%,#dcfce7_0%,#4ade80_40%,#15803d_85%)] ring-emerald-200',
  danger: 'bg-[radial-gradient(circle_at_35%_30%,#fee2e2_0%,#f87171_35%,#b91c1c_80%)] ring-red-200',
};

/** The circle, its value and its shrinking 5 s lifetime bar (spec-b §2). */
function TargetFace({ target, server }: { target: Target; server: number }) {
  return (
    <>
      <span className="absolute inset-0 animate-pop-in">
        <span
          className={cx(
            'absolute inset-0 rounded-full ring-4 shadow-[0_0_24px_rgb(255_194_31/0.7),inset_0_-6px_12px_rgb(0_0_0/0.35)] transition-transform duration-75 active:scale-90',
            TARGET_FACE[target.kind],
          )}
        />
        <span className="absolute inset-[22%] rounded-full ring-2 ring-white/70" />
        {target.value > 1 && (
          <span className="absolute inset-0 grid place-items-center font-display text-[16px] text-white text-outline">
            {t('battleTarget.x', { value: target.value })}
          </span>
        )}
      </span>
      <span className="absolute -bottom-3 start-0 h-1.5 w-full overflow-hidden rounded-full bg-night-950/80">
        <span
          className="block h-full origin-left rounded-full bg-gold-300 animate-timer-shrink"
          style={{ animationDuration: `${Math.max(0, target.expires_at - server)}ms` }}
        />
      </span>
    </>
  );
}

/**
 * The live target, drawn whole inside the measured arena (decisions D-UI-11), and the bursts of
 * the taps on it. A tap is an intent: the server says whether it hit.
 */
export function BattleTargetLayer({
  battle,
  box,
  server,
}: {
  battle: BattleStartedPayload;
  box: Size;
  server: number;
}) {
  const target = useArena((s) => s.target);
  const [bursts, setBursts] = useState<Array<{ id: number; x: number; y: number }>>([]);
  const burstId = useRef(0);
  const place = target && placeTarget(target, battle.arena, box);

  const onTap = (event: React.PointerEvent) => {
    if (!target || !place) return;
    event.preventDefault();
    haptics.light();
    audioEngine.play('tap');
    registerLocalTap();
    tapTarget(battle.battle_id, battle.is_pvp, target.id);
    const id = ++burstId.current;
    const burst = { id, x: place.left + place.size / 2, y: place.top + place.size / 2 };
    setBursts((list) => [...list.slice(-5), burst]);
    setTimeout(() => setBursts((list) => list.filter((b) => b.id !== id)), TAP_ANIMATION_MS);
  };

  return (
    <>
      {target && place && (
        <button
          key={target.id}
          type="button"
          data-testid="battle-target"
          data-target-id={target.id}
          aria-label={t('battleTarget.tapTarget')}
          onPointerDown={onTap}
          className="absolute z-10 touch-none select-none"
          style={{ left: place.left, top: place.top, width: place.size, height: place.size }}
        >
          <TargetFace target={target} server={server} />
        </button>
      )}
      {bursts.map((burst) => (
        <span
          key={burst.id}
          aria-hidden
          className="pointer-events-none absolute size-20 rounded-full ring-4 ring-gold-200 animate-tap-burst"
          style={{ left: burst.x, top: burst.y }}
        />
      ))}
    </>
  );
}
