/** The app's clock: time in ms. Tests pass their own to move time without rewriting rows. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/** A cancellable timer. */
export interface TimerHandle {
  cancel(): void;
}

/**
 * The app's time source with its timers: the Arena (battle rooms, matchmaking) and the periodic
 * loops (ban poll, upload sweep) run on one. Production uses the app clock and Node's timers;
 * tests drive a ManualScheduler, so time moves only when they say.
 */
export interface Scheduler {
  now(): number;
  setTimeout(run: () => void, delayMs: number): TimerHandle;
  setInterval(run: () => void, everyMs: number): TimerHandle;
}

/**
 * A Node timer as a TimerHandle. A class rather than a `{ cancel: () => … }` per timer: the server
 * runs through tsx, which names every such arrow at run time (`__name`, an `Object.defineProperty`
 * on each new function), and the Arena arms a timer for most taps (D-BATTLE-18).
 */
class NodeTimer implements TimerHandle {
  constructor(private readonly timer: NodeJS.Timeout) {}

  cancel() {
    clearTimeout(this.timer);
  }
}

/** Node's timers with the app clock. */
export function systemScheduler(clock: Clock): Scheduler {
  return {
    now: clock,
    setTimeout(run, delayMs) {
      return new NodeTimer(setTimeout(run, Math.max(0, delayMs)));
    },
    setInterval(run, everyMs) {
      // clearTimeout and clearInterval clear either kind of Node timer.
      return new NodeTimer(setInterval(run, everyMs));
    },
  };
}

interface ManualTimer {
  id: number;
  at: number;
  run: () => void;
  everyMs: number | null;
}

/** A scheduler whose time moves only when a test calls `advance`; timers fire in time order. */
export class ManualScheduler implements Scheduler {
  private time: number;
  private nextId = 1;
  private readonly timers = new Map<number, ManualTimer>();

  constructor(start = 1_700_000_000_000) {
    this.time = start;
  }

  now() {
    return this.time;
  }

  setTimeout(run: () => void, delayMs: number): TimerHandle {
    return this.add(run, Math.max(0, delayMs), null);
  }

  setInterval(run: () => void, everyMs: number): TimerHandle {
    return this.add(run, everyMs, everyMs);
  }

  private add(run: () => void, delayMs: number, everyMs: number | null): TimerHandle {
    const id = this.nextId++;
    this.timers.set(id, { id, at: this.time + delayMs, run, everyMs });
    return { cancel: () => this.timers.delete(id) };
  }

  /** Moves time forward by `ms`, firing every timer due on the way in order; yields to I/O between timers. */
  async advance(ms: number) {
    const end = this.time + ms;
    for (;;) {
      let next: ManualTimer | null = null;
      for (const timer of this.timers.values()) {
        if (timer.at <= end && (!next || timer.at < next.at || (timer.at === next.at && timer.id < next.id)))
          next = timer;
      }
      if (!next) break;
      this.time = Math.max(this.time, next.at);
      if (next.everyMs === null) this.timers.delete(next.id);
      else next.at += next.everyMs;
      next.run();
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.time = end;
  }

  /** Moves time in steps of `stepMs` (so socket traffic between steps is delivered). */
  async advanceInSteps(ms: number, stepMs: number, between?: () => Promise<void>) {
    for (let done = 0; done < ms; done += stepMs) {
      await this.advance(Math.min(stepMs, ms - done));
      if (between) await between();
    }
  }
}
