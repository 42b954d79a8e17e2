/**
 * One queue per key (a player id): holders of different keys never wait for each other. Several
 * keys are always taken in sorted order, so two multi-key holders cannot deadlock.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<void>>();

  /** Waits for every earlier holder of `key`; resolves to the function that releases it. */
  async lock(key: string): Promise<() => void> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => current);
    this.tails.set(key, tail);
    await previous;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
      // The last holder cleans up, so idle players cost no memory.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
  }

  /** Takes several keys (deduplicated, in sorted order) and returns one release for all of them. */
  async lockAll(keys: readonly string[]): Promise<() => void> {
    const releases: Array<() => void> = [];
    try {
      for (const key of [...new Set(keys)].sort()) releases.push(await this.lock(key));
    } catch (error) {
      for (const release of releases.reverse()) release();
      throw error;
    }
    return () => {
      for (const release of releases.reverse()) release();
    };
  }

  /** Keys with a holder or waiters (for tests and metrics). */
  get size() {
    return this.tails.size;
  }
}
