import type { ReactNode } from 'react';
import { t } from '../../lib/i18n/i18n.ts';
import { EmojiArt, type EmojiName } from './emoji-art.tsx';

export interface ComingSoonPanelProps {
  title: string;
  art: EmojiName;
  /** One line about what the screen will hold. */
  line: string;
  /** Small pictures orbiting the main one. */
  accents?: [EmojiName, EmojiName];
  action?: ReactNode;
}

/** A screen whose feature arrives in a later update: its title, a picture and one line. */
export function ComingSoonPanel({ title, art, line, accents, action }: ComingSoonPanelProps) {
  return (
    <section className="flex min-h-full flex-col items-center justify-center px-6 pt-4 pb-8 text-center">
      <div className="relative mb-6 grid size-56 place-items-center animate-rise-in">
        <div className="absolute inset-6 rounded-full bg-[radial-gradient(circle,rgb(255_194_31/0.45),rgb(116_76_255/0.25)_55%,transparent_72%)] blur-md animate-glow" />
        <svg viewBox="0 0 200 200" className="absolute inset-0 size-full animate-spin-slow" aria-hidden>
          <circle
            cx="100"
            cy="100"
            r="92"
            fill="none"
            stroke="rgb(255 213 74 / 0.35)"
            strokeWidth="1.5"
            strokeDasharray="3 9"
            strokeLinecap="round"
          />
          <circle
            cx="100"
            cy="100"
            r="72"
            fill="none"
            stroke="rgb(167 139 250 / 0.3)"
            strokeWidth="1"
            strokeDasharray="1 6"
            strokeLinecap="round"
          />
        </svg>
        <EmojiArt
          name={art}
          className="relative size-32 animate-float drop-shadow-[0_14px_18px_rgb(0_0_0/0.5)]"
        />
        {accents && (
          <>
            <EmojiArt name={accents[0]} className="absolute top-5 end-5 size-10 animate-twinkle" />
            <EmojiArt
              name={accents[1]}
              className="absolute bottom-7 start-4 size-9 animate-twinkle [animation-delay:1.2s]"
            />
          </>
        )}
      </div>
      <h1 className="font-display text-[34px] leading-none text-gold">{title}</h1>
      <p className="mt-3 max-w-[300px] text-[16px] leading-snug text-ink/80">{line}</p>
      <span className="mt-5 inline-flex items-center gap-2 rounded-full bg-white/[0.07] px-4 py-1.5 font-display text-[14px] tracking-wider text-gold-200 ring-1 ring-gold-300/30">
        <span className="size-2 rounded-full bg-gold-300 animate-pulse-dot" />
        {t('comingSoonPanel.comingSoon')}
      </span>
      {action && <div className="mt-6 w-full max-w-60">{action}</div>}
    </section>
  );
}
