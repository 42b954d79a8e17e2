import { useState } from 'react';
import { cx } from '../../lib/cx.ts';

/** The player's Telegram picture in a gold ring; their initial on a gradient when there is none. */
export function PlayerAvatar({ src, name, className }: { src: string; name: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  const initial = (name.trim().charAt(0) || 'P').toUpperCase();
  return (
    <span
      className={cx(
        'relative grid size-10 shrink-0 place-items-center overflow-hidden rounded-full bg-[linear-gradient(135deg,#8b5cf6,#4c1d95)] ring-2 ring-gold-300 shadow-[0_0_12px_rgb(255_194_31/0.35)]',
        className,
      )}
    >
      {src && !failed ? (
        <img src={src} alt="" className="size-full object-cover" onError={() => setFailed(true)} />
      ) : (
        <span className="font-display text-[18px] text-white text-outline" aria-hidden>
          {initial}
        </span>
      )}
    </span>
  );
}
