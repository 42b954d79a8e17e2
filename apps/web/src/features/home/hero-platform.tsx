import { type KeyboardEvent, type PointerEvent, type ReactNode, type RefObject, useRef } from 'react';
import { cx } from '../../lib/cx.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useHeroPicture } from './hero-figure.ts';

const RAY_ANGLES = [0, 30, 60, 90, 120, 150, 180, 210, 240, 270, 300, 330];
/** How far the hero leans towards the finger (degrees at the rim). */
const MAX_TILT = 11;
const PRESS_MS = 90;

export type TapFeedback = 'accepted' | 'refused' | 'ignored';

export interface HeroPlatformProps {
  image: string;
  name: string;
  /** Under the platform: the hero's name, or a notice in its place. */
  caption: ReactNode;
  /** Called for every finger that lands (pointerdown), with where it landed. */
  onTap(clientX: number, clientY: number): TapFeedback;
}

/**
 * The tap's feel: the hero leans towards the finger and springs back, the halo pulses, a refused
 * tap shakes. Every pointer that goes down is a tap (several fingers give several); all motion is
 * transform-only and set straight on the elements, outside React.
 */
function useTapFeedback(onTap: HeroPlatformProps['onTap']) {
  const tilt = useRef<HTMLDivElement>(null);
  const halo = useRef<HTMLDivElement>(null);
  const release = useRef<ReturnType<typeof setTimeout> | null>(null);

  /** Where the finger landed on the hero, read before the tap dirties styles (no forced layout). */
  const leanOf = (clientX: number, clientY: number) => {
    const rect = tilt.current?.getBoundingClientRect();
    if (!rect) return { dx: 0, dy: 0 };
    return {
      dx: Math.max(-1, Math.min(1, (clientX - (rect.left + rect.width / 2)) / (rect.width / 2))),
      dy: Math.max(-1, Math.min(1, (clientY - (rect.top + rect.height / 2)) / (rect.height / 2))),
    };
  };

  const feedback = (result: TapFeedback, { dx, dy }: { dx: number; dy: number }) => {
    const element = tilt.current;
    if (!element || result === 'ignored') return;
    if (result === 'refused') {
      element.animate?.(REFUSED_SHAKE, { duration: 260, easing: 'ease-out' });
      return;
    }
    element.style.transition = 'transform 55ms ease-out';
    element.style.transform = `perspective(900px) rotateX(${(-dy * MAX_TILT).toFixed(2)}deg) rotateY(${(dx * MAX_TILT).toFixed(2)}deg) scale(0.955)`;
    if (release.current) clearTimeout(release.current);
    release.current = setTimeout(() => {
      element.style.transition = 'transform 380ms cubic-bezier(0.2, 1.6, 0.35, 1)';
      element.style.transform = '';
    }, PRESS_MS);
    halo.current?.animate?.(HALO_PULSE, { duration: 260, easing: 'ease-out' });
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const lean = leanOf(event.clientX, event.clientY);
    feedback(onTap(event.clientX, event.clientY), lean);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.repeat || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    const rect = event.currentTarget.getBoundingClientRect();
    feedback(onTap(rect.left + rect.width / 2, rect.top + rect.height / 2), { dx: 0, dy: 0 });
  };

  return { tilt, halo, onPointerDown, onKeyDown };
}

const REFUSED_SHAKE: Keyframe[] = [
  { transform: 'translateX(0)' },
  { transform: 'translateX(-7px) rotate(-1.5deg)' },
  { transform: 'translateX(6px) rotate(1deg)' },
  { transform: 'translateX(-3px)' },
  { transform: 'translateX(0)' },
];
const HALO_PULSE: Keyframe[] = [
  { opacity: 0.75, transform: 'scale(1)' },
  { opacity: 1, transform: 'scale(1.06)' },
  { opacity: 0.75, transform: 'scale(1)' },
];

/**
 * The selected hero, standing large on a glowing platform: the thing the player taps, with no
 * 300 ms delay, scrolling or zoom (`touch-action: none`).
 */
export function HeroPlatform({ image, name, caption, onTap }: HeroPlatformProps) {
  const { tilt, halo, onPointerDown, onKeyDown } = useTapFeedback(onTap);

  // --hero, the disc's size, comes from the stage around it (a size container, home-screen.tsx),
  // never from the screen: the figure rises 25% above the disc and floats 10 px (the top padding
  // keeps that room), the caption takes 48 px (42 px on short screens) and the figure is at most
  // 130% of the disc wide. So nothing the hero draws leaves the stage, on any screen.
  return (
    <div className="relative flex w-full flex-col items-center pt-[calc(var(--hero)*0.25+10px)] [--hero:min(calc(100cqw/1.3),340px,calc((100cqh-48px-10px)/1.25))] short:[--hero:min(calc(100cqw/1.3),340px,calc((100cqh-42px-10px)/1.25))]">
      <div data-layout="hero-disc" className="relative aspect-square w-[var(--hero)]">
        <PlatformGlow halo={halo} />
        {/* biome-ignore lint/a11y/useSemanticElements: a tap is every pointerdown, not a click; a <button> cannot hold the platform's block layers */}
        <div
          role="button"
          tabIndex={0}
          aria-label={t('heroPlatform.tap', { name })}
          data-testid="hero-tap"
          onPointerDown={onPointerDown}
          onKeyDown={onKeyDown}
          onContextMenu={(event) => event.preventDefault()}
          className="absolute inset-0 cursor-pointer touch-none rounded-full outline-offset-8 select-none [-webkit-touch-callout:none]"
        >
          <div ref={tilt} className="absolute inset-0 will-change-transform">
            <PlatformDisc />
            <HeroArt image={image} name={name} />
          </div>
        </div>
      </div>
      <div
        data-layout="hero-name"
        className="relative mt-3 flex h-9 items-center justify-center short:mt-1.5"
      >
        {caption}
      </div>
    </div>
  );
}

/** The halo and the slow sunburst behind the platform. */
function PlatformGlow({ halo }: { halo: RefObject<HTMLDivElement> }) {
  return (
    <>
      <div
        ref={halo}
        aria-hidden
        className="absolute -inset-[18%] rounded-full bg-[radial-gradient(circle,rgb(255_200_60/0.5),rgb(130_90_255/0.28)_42%,transparent_66%)] opacity-75"
      />
      <svg viewBox="0 0 200 200" className="absolute -inset-[16%] animate-spin-slow opacity-55" aria-hidden>
        <defs>
          <radialGradient id="hero-rays" cx="50%" cy="50%" r="50%">
            <stop offset="35%" stopColor="#ffe585" stopOpacity="0.6" />
            <stop offset="100%" stopColor="#ffe585" stopOpacity="0" />
          </radialGradient>
        </defs>
        {RAY_ANGLES.map((angle) => (
          <path
            key={angle}
            d="M100 100 L94 0 L106 0 Z"
            fill="url(#hero-rays)"
            transform={`rotate(${angle} 100 100)`}
          />
        ))}
      </svg>
    </>
  );
}

/** The platform: a gold-rimmed disc of night sky with a slow sunburst. */
function PlatformDisc() {
  return (
    <div className="absolute inset-[5%] rounded-full bg-[conic-gradient(from_210deg,#fff3c4,#ffc21f,#b86a00,#ffd54a,#fff3c4,#cc7c00,#fff3c4)] p-[6px] shadow-[0_0_0_3px_rgb(74_35_0/0.75),0_22px_44px_rgb(0_0_0/0.6),0_0_60px_rgb(255_194_31/0.45)]">
      <div className="relative size-full overflow-hidden rounded-full bg-[radial-gradient(circle_at_50%_38%,#6a52e6_0%,#33238f_45%,#150e42_100%)] shadow-[inset_0_0_0_3px_rgb(74_35_0/0.55),inset_0_-26px_50px_rgb(0_0_0/0.5)]">
        <div className="absolute inset-0 animate-spin-slower bg-[repeating-conic-gradient(from_0deg,rgb(255_255_255/0.07)_0deg_7deg,transparent_7deg_15deg)]" />
        <div className="absolute inset-[12%] rounded-full ring-2 ring-gold-300/25" />
        <div className="absolute inset-[26%] rounded-full ring-1 ring-gold-300/15" />
        <div className="absolute inset-0 rounded-full bg-[radial-gradient(circle_at_32%_18%,rgb(255_255_255/0.3),transparent_42%)]" />
        {/* Light welling up from below, where the hero stands. */}
        <div className="absolute inset-0 rounded-full bg-[radial-gradient(ellipse_70%_45%_at_50%_100%,rgb(255_200_90/0.35),transparent_70%)]" />
      </div>
    </div>
  );
}

/** The hero standing on the disc (its figure, or its whole card for any other picture). */
function HeroArt({ image, name }: { image: string; name: string }) {
  const { picture, figureFailed } = useHeroPicture(image);
  return (
    <div className="pointer-events-none absolute inset-0 animate-float">
      <div className="absolute bottom-[9%] left-1/2 h-[9%] w-[52%] -translate-x-1/2 rounded-[50%] bg-black/45 blur-md" />
      {picture.state === 'figure' ? (
        // The figure is the whole hero, feet at 90% of its picture (scripts/art/hero-kit.ts): the
        // picture is 120% of the disc wide and starts 19% above it, so the hero stands on the
        // disc's shadow and its head rises above the rim. The box clips the empty picture edge.
        <div
          data-layout="hero-figure"
          className="absolute top-[-19%] start-[-10%] h-[119%] w-[120%] overflow-hidden"
        >
          <img
            src={picture.src}
            alt={name}
            draggable={false}
            onError={figureFailed}
            className="absolute inset-x-0 top-0 w-full max-w-none animate-fade-in"
          />
        </div>
      ) : (
        <img
          src={picture.src}
          alt={name}
          draggable={false}
          className={cx(
            'absolute inset-[15%] size-[70%] rounded-[18%] shadow-[0_14px_30px_rgb(0_0_0/0.5)] animate-fade-in',
          )}
        />
      )}
    </div>
  );
}
