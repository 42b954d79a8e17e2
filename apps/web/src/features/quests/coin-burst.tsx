import { useEffect, useState } from 'react';
import { create } from 'zustand';
import { audioEngine } from '../../lib/audio/audio-engine.ts';
import { haptics } from '../../lib/haptics.ts';

interface Burst {
  id: number;
  from: { x: number; y: number };
  amount: number;
}

interface CoinBurstState {
  bursts: Burst[];
  fire(from: { x: number; y: number }, amount: number): void;
  done(id: number): void;
}

let nextBurst = 1;

/** Claim feedback: coins fly from the claimed card to the balance (`[data-coin-target]`). */
export const useCoinBurst = create<CoinBurstState>((set) => ({
  bursts: [],
  fire: (from, amount) => set((state) => ({ bursts: [...state.bursts, { id: nextBurst++, from, amount }] })),
  done: (id) => set((state) => ({ bursts: state.bursts.filter((burst) => burst.id !== id) })),
}));

/** Fires a burst from an element's centre, with the success haptic and chime. */
export function celebrateClaim(origin: Element | null, amount: number): void {
  haptics.success();
  audioEngine.play('success');
  const rect = origin?.getBoundingClientRect();
  const from = rect
    ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 }
    : { x: window.innerWidth / 2, y: window.innerHeight / 2 };
  useCoinBurst.getState().fire(from, amount);
}

const COINS = 12;

function FlyingCoins({ burst }: { burst: Burst }) {
  const done = useCoinBurst((state) => state.done);
  const [target] = useState(() => {
    const element = document.querySelector('[data-coin-target]');
    const rect = element?.getBoundingClientRect();
    return rect ? { x: rect.left + 18, y: rect.top + rect.height / 2 } : { x: window.innerWidth / 2, y: 80 };
  });
  useEffect(() => {
    const timer = setTimeout(() => {
      done(burst.id);
      const element = document.querySelector('[data-coin-target]');
      element?.animate([{ transform: 'scale(1)' }, { transform: 'scale(1.18)' }, { transform: 'scale(1)' }], {
        duration: 260,
        easing: 'ease-out',
      });
    }, 1_200);
    return () => clearTimeout(timer);
  }, [burst.id, done]);
  return (
    <>
      {Array.from({ length: COINS }, (_, index) => {
        const angle = (index / COINS) * Math.PI * 2;
        const spread = 36 + (index % 3) * 14;
        const dx = target.x - burst.from.x;
        const dy = target.y - burst.from.y;
        return (
          <img
            // biome-ignore lint/suspicious/noArrayIndexKey: coins are positions, not items
            key={index}
            src="/art/ui/coin.svg"
            alt=""
            aria-hidden
            className="pointer-events-none fixed size-7 drop-shadow-[0_2px_6px_rgb(255_170_0/0.7)]"
            style={{
              left: burst.from.x - 14,
              top: burst.from.y - 14,
              animation: `coin-fly 900ms cubic-bezier(0.5,0,0.75,0.4) ${index * 28}ms both`,
              '--spread-x': `${Math.cos(angle) * spread}px`,
              '--spread-y': `${Math.sin(angle) * spread}px`,
              '--dx': `${dx}px`,
              '--dy': `${dy}px`,
            }}
          />
        );
      })}
    </>
  );
}

/** The overlay that draws every running burst; mounted once by the Quest Board. */
export function CoinBurstLayer() {
  const bursts = useCoinBurst((state) => state.bursts);
  return (
    <div aria-hidden className="pointer-events-none fixed inset-0 z-[60]" data-testid="coin-burst">
      {bursts.map((burst) => (
        <FlyingCoins key={burst.id} burst={burst} />
      ))}
    </div>
  );
}
