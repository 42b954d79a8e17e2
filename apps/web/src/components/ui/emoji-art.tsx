import { cx } from '../../lib/cx.ts';
import { useDecorationsShown } from '../../lib/decorations.ts';
import { EMOJI_NAMES, EMOJI_RASTER_SIZES } from './emoji-list.ts';

/** Every picture at each raster size (apps/web/scripts/extract-emoji.ts), fingerprinted by Vite. */
const RASTERS = import.meta.glob<string>('../../assets/emoji/webp/*.webp', {
  eager: true,
  import: 'default',
});

function rasterOf(name: string, size: number): string {
  const url = RASTERS[`../../assets/emoji/webp/${name}-${size}.webp`];
  if (!url)
    throw new Error(`No ${size} px raster of the ${name} emoji: run apps/web/scripts/extract-emoji.ts`);
  return url;
}

const EMOJI = Object.fromEntries(
  EMOJI_NAMES.map((name) => [
    name,
    {
      src: rasterOf(name, EMOJI_RASTER_SIZES[0]),
      srcSet: EMOJI_RASTER_SIZES.map((size) => `${rasterOf(name, size)} ${size}w`).join(', '),
    },
  ]),
) as Record<(typeof EMOJI_NAMES)[number], { src: string; srcSet: string }>;

/**
 * The CSS width a picture is shown at, read from its Tailwind `size-N` class (N × 4 px), so the
 * browser fetches the raster that is sharp at the screen's pixel ratio and no larger.
 */
export function emojiDisplayWidth(className: string | undefined): number {
  const match = /(?:^|\s)size-(\d+(?:\.\d+)?)(?=\s|$)/.exec(className ?? '');
  return match ? Number(match[1]) * 4 : 112;
}

export type EmojiName = (typeof EMOJI_NAMES)[number];

/**
 * An emoji picture, its box sized by `className`; during the app's start the picture itself
 * waits in that box until the game is live (lib/decorations.ts).
 */
export function EmojiArt({ name, className }: { name: EmojiName; className?: string }) {
  const shown = useDecorationsShown();
  return (
    <img
      src={shown ? EMOJI[name].src : undefined}
      srcSet={shown ? EMOJI[name].srcSet : undefined}
      sizes={`${emojiDisplayWidth(className)}px`}
      alt=""
      aria-hidden
      draggable={false}
      decoding="async"
      className={cx('pointer-events-none select-none', className)}
    />
  );
}
