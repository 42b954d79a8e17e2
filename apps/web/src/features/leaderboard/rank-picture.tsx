import { useState } from 'react';
import { cx } from '../../lib/cx.ts';
import { placeholderPicture } from '../../lib/placeholder-picture.ts';

/** A ranked player's picture, or a hero portrait when they have none (spec-a §9 placeholder 144×144). */
export function RankPicture({ src, seed, className }: { src: string; seed: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={src && !failed ? src : placeholderPicture(seed)}
      alt=""
      width={144}
      height={144}
      onError={() => setFailed(true)}
      className={cx('shrink-0 rounded-full bg-night-700 object-cover', className)}
    />
  );
}
