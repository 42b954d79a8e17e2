import { DEFAULT_BACKGROUND_PICTURE } from '@titans/shared/constants';
import { useState } from 'react';
import { backgroundPicture } from '../../lib/background-picture.ts';
import { cx } from '../../lib/cx.ts';
import { useDecorationsShown } from '../../lib/decorations.ts';

/**
 * The default background at a quarter of its width (4 KB against 21 KB), drawn by index.html's
 * splash: on a first visit it is in before the full picture, which loads after the first screen
 * (decisions D-WEB-43). Written by apps/web/scripts/splash-background.ts.
 */
const SOFT_DEFAULT_PICTURE = '/background-splash.webp';

/** Whether `picture` has loaded, and the `onLoad` of the <img> that shows it. */
export function usePictureLoaded(picture: string) {
  const [loaded, setLoaded] = useState<string | null>(null);
  return { loaded: loaded === picture, onLoad: () => setLoaded(picture) };
}

/**
 * Beneath the default background until it has loaded, its soft copy, so the first screen has its
 * landscape from the first frame and sharpens when the full picture arrives.
 */
export function SoftDefaultPicture({
  picture,
  loaded,
  className,
}: {
  picture: string;
  loaded: boolean;
  className?: string;
}) {
  if (loaded || picture !== DEFAULT_BACKGROUND_PICTURE) return null;
  return (
    <img
      src={SOFT_DEFAULT_PICTURE}
      alt=""
      aria-hidden
      className={cx('absolute inset-0 size-full object-cover', className)}
    />
  );
}

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
  const full = usePictureLoaded(src);
  // The soft copy is the splash's; the full picture decodes once the game is live.
  const shown = useDecorationsShown();
  return (
    <div aria-hidden className="pointer-events-none absolute inset-0 overflow-hidden">
      <SoftDefaultPicture picture={src} loaded={full.loaded} className={dim} />
      {/* Keyed by picture: a new realm fades in over the old one's place. */}
      {shown && (
        <img
          key={src}
          src={src}
          alt=""
          decoding="async"
          data-testid="scene-backdrop"
          className={cx('absolute inset-0 size-full object-cover animate-fade-in', dim)}
          onLoad={full.onLoad}
          onError={() => setFailedUrl(src)}
        />
      )}
      <div className="absolute inset-0 bg-[linear-gradient(180deg,rgb(6_4_26/0.6)_0%,transparent_22%,transparent_60%,rgb(6_4_26/0.85)_100%)]" />
    </div>
  );
}
