/** Where a character card's picture is; the generated cards live here (scripts/art). */
const CARD_PATH = /^\/art\/characters\/([a-z0-9-]+)\.svg$/;

/**
 * The hero alone, without its card (Home's platform): `/art/characters/NAME.svg` has its figure
 * at `/art/characters/figures/NAME.svg`, written with the card by scripts/art/generate-art.ts.
 * Null for any other picture (an uploaded one, a future raster), which Home shows as a card.
 */
export function characterFigurePath(image: string): string | null {
  const match = CARD_PATH.exec(image);
  return match ? `/art/characters/figures/${match[1]}.svg` : null;
}

/** The width and height, in pixels, of a card's small raster (characterThumbPath). */
export const CHARACTER_THUMB_SIZE = 160;

/**
 * A character card as a small WebP raster (`/art/characters/thumbs/NAME.webp`,
 * CHARACTER_THUMB_SIZE square), drawn from the card by scripts/art/generate-art.ts, for places
 * that show the card at 80 CSS pixels or less (the bottom nav's Home button). A card SVG is a
 * document of about 700 elements that a phone builds, styles and paints the first time it is
 * shown, whatever its size. Null for any other picture, which is shown as it is.
 */
export function characterThumbPath(image: string): string | null {
  const match = CARD_PATH.exec(image);
  return match ? `/art/characters/thumbs/${match[1]}.webp` : null;
}
