/**
 * The widths, in device pixels, each emoji picture is drawn at (apps/web/scripts/extract-emoji.ts):
 * the small one covers icons up to 53 CSS px on a 3× screen, the large one 112 CSS px.
 */
export const EMOJI_RASTER_SIZES = [160, 336] as const;
