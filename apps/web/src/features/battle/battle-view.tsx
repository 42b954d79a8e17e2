import type { BattleStartedPayload } from '@titans/shared/battle/schemas';
import {
  BATTLE_HINT_MS,
  BATTLE_INTRO_MS,
  BATTLE_STAKE,
  DAMAGE_FLASH_MS,
  TAP_ANIMATION_MS,
} from '@titans/shared/constants';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { audioEngine } from '../../lib/audio/audio-engine.ts';
import { cx } from '../../lib/cx.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { haptics } from '../../lib/haptics.ts';
import { useNow } from '../../lib/use-now.ts';
import { tapTarget } from './api/battle-commands.ts';
import { arenaStore, eventBanner, serverNow, useArena } from './arena-store.ts';
import { BattleIntro } from './battle-intro.tsx';
import { HealthBar } from './health-bar.tsx';

/**
 * The Exit Game dialog's text (spec-b §2 gives only a default): leaving forfeits, and a forfeit is
 * a defeat that keeps the stake (decisions D-BATTLE-13, D-WEB-37).
 */
export const EXIT_TEXT = `Leaving now forfeits the battle: it counts as a defeat and your ${formatNumber(BATTLE_STAKE)}-coin stake is lost.`;

const EVENT_TINT: Record<string, string> = {
  frenzy: 'from-fuchsia-500/35',
  critical: 'from-amber-400/35',
  powerUp: 'from-emerald-400/35',
  danger: 'from-red-600/45',
};

const TARGET_FACE: Record<string, string> = {
  normal:
    'bg-[radial-gradient(circle_at_35%_30%,#fff7c2_0%,#ffc21f_35%,#d97706_75%,#7c2d12_100%)] ring-gold-200',
  frenzy: 'bg-[radial-gradient(circle_at_35%_30%,#fde7ff_0%,#e879f9_40%,#a21caf_80%)] ring-fuchsia-200',
  critical: 'bg-[radial-gradient(circle_at_35%_30%,#fff_0%,#fde047_35%,#f97316_75%)] ring-white',
  large: 'bg-[radial-gradient(circle_at_35%_30%,#dcfce7_0%,#4ade80_40%,#15803d_85%)] ring-emerald-200',
  danger: 'bg-[radial-gradient(circle_at_35%_30%,#fee2e2_0%,#f87171_35%,#b91c1c_80%)] ring-red-200',
};

function ComboCounter({
  combo,
  multiplier,
  lastTapAt,
}: {
  combo: number;
  multiplier: number;
  lastTapAt: number;
}) {
  const now = useNow(250, combo > 0);
  if (combo < 2 || now - lastTapAt > 2_500) return null;
  return (
    <div data-testid="combo" className="pointer-events-none absolute right-3 top-3 z-20 text-right">
      <p
        key={combo}
        className="font-display text-[30px] leading-none text-gold-300 text-outline animate-pop-in"
      >
        {combo} COMBO
      </p>
      {multiplier > 1 && (
        <p
          className={cx(
            'mt-1 inline-block rounded-full px-2.5 py-0.5 font-display text-[16px] text-white text-outline',
            multiplier >= 3
              ? 'bg-danger-500 animate-combo-shake'
              : multiplier >= 2
                ? 'bg-fuchsia-600'
                : 'bg-energy-500',
          )}
        >
          {multiplier}x
        </p>
      )}
    </div>
  );
}

/**
 * The live arena (spec-b §2 phase 4) with the intro on top until FIGHT!: two health bars, the
 * one target with its shrinking 5 s bar, combo, live-event banners, damage flashes, screen shake,
 * floating damage numbers and haptics. Taps are intents; every number shown comes from the server.
 */
export function BattleView({ battle, onForfeit }: { battle: BattleStartedPayload; onForfeit: () => void }) {
  const state = useArena((s) => s);
  const [exitOpen, setExitOpen] = useState(false);
  const now = useNow(200);
  const rootRef = useRef<HTMLDivElement>(null);
  const opponentRef = useRef<HTMLImageElement>(null);
  // Shakes and flashes run on the compositor (Web Animations), not through React renders.
  useEffect(() => {
    if (!state.yourHurtAt) return;
    rootRef.current?.animate(
      [
        { transform: 'translate3d(0,0,0)' },
        { transform: 'translate3d(-6px,2px,0)' },
        { transform: 'translate3d(6px,-2px,0)' },
        { transform: 'translate3d(-4px,1px,0)' },
        { transform: 'translate3d(0,0,0)' },
      ],
      { duration: DAMAGE_FLASH_MS, easing: 'ease-out' },
    );
  }, [state.yourHurtAt]);
  useEffect(() => {
    if (!state.opponentHurtAt) return;
    opponentRef.current?.animate(
      [
        { transform: 'scale(1)', filter: 'brightness(1)' },
        { transform: 'scale(0.92) translateX(6px)', filter: 'brightness(1.8)' },
        { transform: 'scale(1)', filter: 'brightness(1)' },
      ],
      { duration: DAMAGE_FLASH_MS, easing: 'ease-out' },
    );
  }, [state.opponentHurtAt]);
  const server = serverNow(state);
  const remaining = battle.live.fight_starts_at - server;
  const arenaRef = useRef<HTMLDivElement>(null);
  const [bursts, setBursts] = useState<Array<{ id: number; x: number; y: number }>>([]);
  const burstId = useRef(0);
  const [hintGone, setHintGone] = useState(false);

  const live = remaining <= 0;
  useEffect(() => {
    if (!live) return;
    const timer = setTimeout(() => setHintGone(true), BATTLE_HINT_MS);
    return () => clearTimeout(timer);
  }, [live]);

  const preparing = state.showIntro && !battle.is_pvp && remaining > BATTLE_INTRO_MS;
  const intro = state.showIntro && !preparing && remaining > -300;
  const yourHurt = now - state.yourHurtAt < DAMAGE_FLASH_MS;
  const opponentHurt = now - state.opponentHurtAt < DAMAGE_FLASH_MS;
  const target = state.target;

  const onTap = (event: React.PointerEvent) => {
    if (!target) return;
    event.preventDefault();
    haptics.light();
    audioEngine.play('tap');
    arenaStore.setState({ lastTapAt: Date.now() });
    tapTarget(battle.battle_id, battle.is_pvp, target.id);
    const id = ++burstId.current;
    setBursts((list) => [...list.slice(-5), { id, x: target.x, y: target.y }]);
    setTimeout(() => setBursts((list) => list.filter((b) => b.id !== id)), TAP_ANIMATION_MS);
  };

  const scaleX = (x: number) => `${(x / battle.arena.width) * 100}%`;
  const scaleY = (y: number) => `${(y / battle.arena.height) * 100}%`;
  const timeLeft = Math.max(0, Math.ceil((battle.live.ends_at - server) / 1000));

  return (
    <div ref={rootRef} data-testid="battle-view" className="relative flex h-full flex-col">
      {/* Damage flash over the whole screen when you are hit (spec-b §9: 300 ms). */}
      {state.yourHurtAt > 0 && (
        <div
          key={state.yourHurtAt}
          aria-hidden
          className="pointer-events-none absolute inset-0 z-20 bg-danger-500/25 animate-fade-out"
        />
      )}
      <div className="relative z-10 flex items-start gap-2 px-3 pt-3">
        <HealthBar
          side="left"
          label="Your health"
          name={battle.selected_character.name}
          level={battle.user_stats.level}
          image={battle.selected_character.image}
          health={state.yourHealth}
          max={state.yourMax}
          items={battle.equipped_items}
          hurt={yourHurt}
        />
        <div className="flex flex-col items-center pt-1">
          <span className="font-display text-[20px] leading-none text-gold-300 text-outline">VS</span>
          <span data-testid="battle-clock" className="mt-1 font-display text-[13px] tabular-nums text-muted">
            {live ? `${Math.floor(timeLeft / 60)}:${String(timeLeft % 60).padStart(2, '0')}` : '—'}
          </span>
        </div>
        <HealthBar
          side="right"
          label="Opponent health"
          name={battle.opponent_info.name}
          level={battle.opponent_info.level}
          image={battle.opponent_info.character.image}
          health={state.opponentHealth}
          max={state.opponentMax}
          items={battle.opponent_info.equipped_items}
          hurt={opponentHurt}
        />
      </div>

      <div
        ref={arenaRef}
        data-testid="arena-field"
        className={cx(
          'relative mx-3 mt-3 flex-1 overflow-hidden rounded-[28px] ring-1 ring-white/10',
          'bg-[radial-gradient(ellipse_at_50%_45%,rgb(90_72_176/0.35)_0%,rgb(13_10_38/0.6)_70%)]',
        )}
      >
        {state.liveEvent && (
          <div
            aria-hidden
            className={cx(
              'absolute inset-0 bg-gradient-to-b to-transparent animate-fade-in',
              EVENT_TINT[state.liveEvent.kind],
            )}
          />
        )}
        {/* The opponent looms in the middle of the arena and recoils when hit. */}
        <div className="pointer-events-none absolute left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2">
          <div className="relative">
            <div className="absolute inset-4 rounded-full bg-[radial-gradient(circle,rgb(239_68_68/0.35)_0%,transparent_70%)]" />
            <img
              ref={opponentRef}
              src={battle.opponent_info.character.image}
              alt=""
              className="relative size-44 rounded-[32px] object-contain"
            />
          </div>
        </div>
        {state.liveEvent && (
          <p
            data-testid="live-event"
            className="absolute left-3 top-3 z-10 rounded-full bg-night-950/70 px-3 py-1 font-display text-[13px] text-gold-200 ring-1 ring-gold-300/40"
          >
            {eventBanner(state.liveEvent.kind)}
          </p>
        )}
        <ComboCounter combo={state.combo} multiplier={state.multiplier} lastTapAt={state.lastTapAt} />

        {live && target && (
          <button
            key={target.id}
            type="button"
            data-testid="battle-target"
            aria-label="Tap target"
            onPointerDown={onTap}
            className="absolute z-10 -translate-x-1/2 -translate-y-1/2 touch-none select-none"
            style={{ left: scaleX(target.x), top: scaleY(target.y), width: target.size, height: target.size }}
          >
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
                  x{target.value}
                </span>
              )}
            </span>
            {/* The shrinking 5 s lifetime bar (spec-b §2). */}
            <span className="absolute -bottom-3 left-0 h-1.5 w-full overflow-hidden rounded-full bg-night-950/80">
              <span
                className="block h-full origin-left rounded-full bg-gold-300 animate-timer-shrink"
                style={{ animationDuration: `${Math.max(0, target.expires_at - server)}ms` }}
              />
            </span>
          </button>
        )}
        {bursts.map((burst) => (
          <span
            key={burst.id}
            aria-hidden
            className="pointer-events-none absolute size-20 rounded-full ring-4 ring-gold-200 animate-tap-burst"
            style={{ left: scaleX(burst.x), top: scaleY(burst.y) }}
          />
        ))}
        {state.floating.map((hit) => (
          <span
            key={hit.id}
            aria-hidden
            className={cx(
              'pointer-events-none absolute z-20 font-display text-outline animate-damage-rise',
              hit.by === 'you'
                ? hit.superAttack
                  ? 'text-[34px] text-gold-300'
                  : 'text-[26px] text-white'
                : 'text-[24px] text-danger-400',
            )}
            style={{ left: scaleX(hit.x), top: scaleY(hit.y) }}
          >
            -{hit.damage}
            {hit.by === 'you' && hit.multiplier > 1 && (
              <span className="ml-1 text-[16px] text-gold-200">{hit.multiplier}x</span>
            )}
          </span>
        ))}
        {state.banner && (
          <p
            key={state.banner.at}
            data-testid="event-banner"
            className="pointer-events-none absolute left-1/2 top-[38%] z-30 whitespace-nowrap rounded-2xl bg-[linear-gradient(180deg,#ffe585_0%,#f5a300_100%)] px-6 py-2 font-display text-[34px] text-[#4a2300] shadow-[0_10px_30px_rgb(0_0_0/0.5)] animate-banner-slam"
          >
            {state.banner.text}
          </p>
        )}
        {live && !hintGone && (
          <p className="pointer-events-none absolute inset-x-6 bottom-3 z-0 rounded-2xl bg-night-950/75 px-3 py-2 text-center text-[14px] font-bold text-ink ring-1 ring-white/10">
            Tap the circle as many times as you can before it disappears!
          </p>
        )}
        {state.opponentWaiting && (
          <div className="absolute inset-x-0 top-1/3 z-30 mx-8 rounded-2xl bg-night-950/85 px-4 py-4 text-center ring-1 ring-gold-300/30">
            <Spinner className="mx-auto" />
            <p className="mt-2 font-display text-[18px] text-ink">Waiting for opponent...</p>
          </div>
        )}
      </div>

      <div className="flex items-center justify-between px-4 py-3">
        <p className="font-display text-[15px] text-muted">
          Hits{' '}
          <span className="text-ink tabular-nums" data-testid="your-hits">
            {state.yourTaps}
          </span>
        </p>
        <Button variant="ghost" size="sm" onClick={() => setExitOpen(true)}>
          Exit
        </Button>
      </div>

      {preparing && (
        <div
          className="absolute inset-0 z-30 grid place-items-center bg-night-950/90"
          data-testid="preparing-battle"
        >
          <div className="text-center">
            <Spinner className="mx-auto size-12" />
            <p className="mt-4 font-display text-[24px] text-gold-300 text-outline">Preparing Battle</p>
            <p className="mt-1 text-[14px] text-muted">Summoning {battle.opponent_info.name}…</p>
          </div>
        </div>
      )}
      {intro && <BattleIntro battle={battle} elapsed={BATTLE_INTRO_MS - remaining} />}
      <Dialog
        open={exitOpen}
        title="Exit Game"
        onClose={() => setExitOpen(false)}
        actions={
          <>
            <Button
              variant="danger"
              block
              onClick={() => {
                setExitOpen(false);
                onForfeit();
              }}
            >
              Exit
            </Button>
            <Button variant="ghost" block onClick={() => setExitOpen(false)}>
              Cancel
            </Button>
          </>
        }
      >
        {EXIT_TEXT}
      </Dialog>
    </div>
  );
}
