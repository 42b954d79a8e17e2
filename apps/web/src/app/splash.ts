/** How long the splash takes to fade (index.html, `#splash` transition). */
const FADE_MS = 260;

/**
 * Fades out the splash that index.html draws before any script runs, once the app's first screen
 * is in the page, then removes it. Safe to call more than once.
 */
export function hideSplash(): void {
  const splash = document.getElementById('splash');
  if (!splash || splash.classList.contains('splash-gone')) return;
  splash.classList.add('splash-gone');
  setTimeout(() => splash.remove(), FADE_MS + 40);
}
