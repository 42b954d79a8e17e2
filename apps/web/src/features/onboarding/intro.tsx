import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { SceneBackdrop } from '../../components/ui/scene-backdrop.tsx';
import { cx } from '../../lib/cx.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { INTRO_SLIDES } from './intro-slides.ts';

/** Four slides, each with Next; the last reads Start Game. */
export function Intro({ onDone }: { onDone: () => void }) {
  const [index, setIndex] = useState(0);
  const slide = INTRO_SLIDES[index];
  if (!slide) return null;
  const last = index === INTRO_SLIDES.length - 1;

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('intro.introduction')}
      className="bg-game relative flex h-full flex-col px-6 pt-[calc(var(--spacing-safe-top)+20px)] pb-[calc(var(--spacing-safe-bottom)+20px)]"
    >
      <SceneBackdrop dim="brightness-[0.4] saturate-[1.1]" />
      <div className="relative flex justify-center gap-2" aria-hidden>
        {INTRO_SLIDES.map((item, position) => (
          <span
            key={item.id}
            className={cx(
              'h-2 rounded-full transition-all duration-300',
              position === index
                ? 'w-8 bg-gold-300 shadow-[0_0_10px_rgb(255_213_74/0.8)]'
                : 'w-2 bg-white/25',
            )}
          />
        ))}
      </div>

      <div key={slide.id} className="relative flex flex-1 flex-col items-center justify-center text-center">
        <div className="relative mb-8 grid size-64 place-items-center animate-pop-in">
          <div className="absolute inset-4 rounded-full bg-[radial-gradient(circle,rgb(255_194_31/0.5),rgb(116_76_255/0.35)_50%,transparent_72%)] blur-lg animate-glow" />
          <svg viewBox="0 0 200 200" className="absolute inset-0 size-full animate-spin-slow" aria-hidden>
            <circle
              cx="100"
              cy="100"
              r="94"
              fill="none"
              stroke="rgb(255 213 74 / 0.4)"
              strokeWidth="1.5"
              strokeDasharray="2 10"
              strokeLinecap="round"
            />
            <circle
              cx="100"
              cy="100"
              r="76"
              fill="none"
              stroke="rgb(167 139 250 / 0.35)"
              strokeWidth="1"
              strokeDasharray="1 7"
              strokeLinecap="round"
            />
          </svg>
          {slide.art.map((picture) => (
            <img
              key={picture.src}
              src={picture.src}
              alt=""
              draggable={false}
              data-testid="intro-art"
              className={cx('pointer-events-none absolute select-none', picture.className)}
            />
          ))}
        </div>
        <h1 className="font-display text-[34px] leading-[1.05] text-gold animate-rise-in">{slide.title}</h1>
        <p className="mt-4 max-w-[310px] text-[17px] leading-snug text-ink/85 animate-rise-in [animation-delay:80ms]">
          {slide.text}
        </p>
      </div>

      <Button size="lg" block className="relative" onClick={() => (last ? onDone() : setIndex(index + 1))}>
        {last ? t('intro.startGame') : t('intro.next')}
      </Button>
    </section>
  );
}
