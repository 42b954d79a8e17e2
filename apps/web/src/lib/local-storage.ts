/**
 * localStorage that never throws: some webviews refuse storage (private mode, quota), and a
 * lost cache entry must never break the game.
 */
export const localStore = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage full or refused: the value is a cache, the server keeps the truth.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing to do.
    }
  },
};
