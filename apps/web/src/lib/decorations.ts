import { useSyncExternalStore } from 'react';
import { useConnection } from './realtime/connection-store.ts';

/**
 * When the first screen's pictures may load: its emoji art, the hero's figure and the background.
 * A phone builds an SVG picture's document on the main thread and decodes the others around its
 * frames; during the start that is main-thread time the socket's frames and the tap target wait
 * behind. The app's start holds them (holdDecorations) until its first frame is painted and then
 * the socket is connected or the page is idle; the boxes they fill have fixed sizes, so nothing
 * moves when they arrive (decisions D-WEB-48). Anything rendered without the hold, such as a
 * component test, shows its pictures at once.
 */
let held = false;
const listeners = new Set<() => void>();

/** The longest the pictures wait for an idle moment once the first frame is painted. */
const IDLE_TIMEOUT_MS = 1_500;

function release() {
  if (!held) return;
  held = false;
  for (const listener of listeners) listener();
}

function afterNextPaint(then: () => void) {
  // The frame's callbacks run before its paint; a task posted from them runs after it.
  requestAnimationFrame(() => setTimeout(then, 0));
}

/**
 * Holds the pictures from now (before the first render) until the first frame after
 * `firstRender` resolves is painted and then the socket is connected, or the page is idle.
 */
export function holdDecorations(firstRender: Promise<void>): void {
  held = true;
  void firstRender.then(() =>
    afterNextPaint(() => {
      let unsubscribe = () => {};
      const done = () => {
        unsubscribe();
        release();
      };
      if (useConnection.getState().status === 'connected') return done();
      unsubscribe = useConnection.subscribe((state) => {
        if (state.status === 'connected') done();
      });
      if (typeof requestIdleCallback === 'function') requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(done, IDLE_TIMEOUT_MS);
    }),
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the first screen's pictures may load now (see holdDecorations). */
export function useDecorationsShown(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !held,
    () => true,
  );
}
