/**
 * Registers the service worker that the build generates (vite-plugin-pwa / Workbox, see
 * vite.config.ts): it keeps the shell, the fonts and the art, so the app opens and navigates
 * offline. Development builds have none. Registration waits until the game is on screen, so the
 * precache download never competes with the first load.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
    console.warn('[sw] registration failed', error);
  });
}
