import { useState } from 'react';
import { cx } from '../../lib/cx.ts';

/**
 * A ranked player's picture (W22): their selected hero, else their Telegram photo, else the first
 * letter of their name on a plain disc. Never another hero: a portrait says which hero that is.
 */
export function RankPicture({
  hero,
  photo,
  name,
  className,
}: {
  hero: string | null;
  photo: string;
  name: string;
  className?: string;
}) {
  const [failed, setFailed] = useState<string[]>([]);
  const src = [hero, photo].find(
    (candidate): candidate is string => !!candidate && !failed.includes(candidate),
  );
  if (!src) {
    const letter = name.replace(/^@/, '').trim().charAt(0).toUpperCase() || '?';
    return (
      <span
        aria-hidden
        data-testid="rank-initial"
        className={cx(
          'grid shrink-0 place-items-center rounded-full bg-[linear-gradient(180deg,#4b3a9a,#2a1f63)] font-display text-[20px] text-ink/85',
          className,
        )}
      >
        {letter}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={144}
      height={144}
      data-testid="rank-picture"
      onError={() => setFailed((previous) => [...previous, src])}
      className={cx('shrink-0 rounded-full bg-night-700 object-cover', className)}
    />
  );
}
