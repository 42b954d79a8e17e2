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
