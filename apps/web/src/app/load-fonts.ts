/**
 * The faces the first screen uses: waiting for them (briefly) avoids a visible swap of type.
 * Nunito is one variable face for every weight (D-WEB-45).
 */
const FIRST_SCREEN_FONTS = ['400 1em "Lilita One"', '800 1em Nunito'];

/** Resolves when the display and text fonts are ready, or after `capMs`, whichever is first. */
export function loadFonts(capMs = 700): Promise<void> {
  if (typeof document === 'undefined' || !document.fonts) return Promise.resolve();
  const loaded = Promise.all(FIRST_SCREEN_FONTS.map((font) => document.fonts.load(font))).then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([loaded, new Promise<void>((resolve) => setTimeout(resolve, capMs))]);
}
