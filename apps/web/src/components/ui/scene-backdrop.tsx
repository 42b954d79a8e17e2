import { DEFAULT_BACKGROUND_PICTURE } from '@titans/shared/constants';
import { useState } from 'react';
import { backgroundPicture } from '../../lib/background-picture.ts';
import { cx } from '../../lib/cx.ts';

export interface SceneBackdropProps {
  /** The picture; the default background shows when it is missing or fails to load. */
  url?: string | null;
  /** Filter classes that dim it, e.g. `brightness-[0.55]`. */
  dim?: string;
}

/** A full-bleed background picture, dimmed, with dark fades at the top and bottom for legibility. */
export function SceneBackdrop({ url, dim = 'brightness-[0.55]' }: SceneBackdropProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const picture = backgroundPicture(url);
  const src = picture !== failedUrl ? picture : DEFAULT_BACKGROUND_PICTURE;
  return (
    <div aria-hidden className="pointer-events-none absolute inset-0 overflow-hidden">
      {/* Keyed by picture: a new realm fades in over the old one's place. */}
      <img
        key={src}
        src={src}
        alt=""
        data-testid="scene-backdrop"
        className={cx('size-full object-cover animate-fade-in', dim)}
        onError={() => setFailedUrl(src)}
      />
      <div className="absolute inset-0 bg-[linear-gradient(180deg,rgb(6_4_26/0.6)_0%,transparent_22%,transparent_60%,rgb(6_4_26/0.85)_100%)]" />
    </div>
  );
}
