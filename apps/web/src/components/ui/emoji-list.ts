/** Fluent Emoji pictures shipped with the app (MIT, see assets/emoji/CREDITS.md). */
export const EMOJI_NAMES = [
  'backpack',
  'battery',
  'castle',
  'collision',
  'crossed-swords',
  'crown',
  'dragon',
  'fire',
  'gem-stone',
  'glowing-star',
  'handshake',
  'high-voltage',
  'hourglass-not-done',
  'money-bag',
  'muted-speaker',
  'oncoming-fist',
  'party-popper',
  'people-hugging',
  'prohibited',
  'rocket',
  'satellite-antenna',
  'scroll',
  'shield',
  'shopping-bags',
  'sparkles',
  'speaker-high-volume',
  'sunrise-over-mountains',
  'trophy',
  'video-game',
  'warning',
  'wrapped-gift',
] as const;

/**
 * The widths, in device pixels, each emoji picture is drawn at (apps/web/scripts/extract-emoji.ts):
 * the small one covers icons up to 53 CSS px on a 3× screen, the large one 112 CSS px.
 */
export const EMOJI_RASTER_SIZES = [160, 336] as const;
