import type { ComponentType } from 'react';
import type { RouteObject } from '../lib/router/router.tsx';

/** Once per page load: a chunk that fails to load after a release is fetched again by a reload. */
const RELOADED_FOR_CHUNK = 'titans:reloaded-for-chunk';

const pageLoaders = new Set<() => Promise<unknown>>();

/**
 * A route whose screen is its own chunk (decisions: D-WEB-13). Its code is fetched on first
 * visit, or earlier by `preloadRoutes`; the router keeps the current page until it is there,
 * so a tab switch never shows a blank frame. Feature routes use it in router.tsx:
 * `{ path: paths.fight.path, ...lazyPage(() => import('./routes/fight-route.tsx'), (m) => m.FightRoute) }`.
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): Pick<RouteObject, 'lazy'> {
  pageLoaders.add(load);
  return {
    lazy: async () => {
      try {
        const module = await load();
        sessionStorage.removeItem(RELOADED_FOR_CHUNK);
        return { Component: pick(module) };
      } catch (error) {
        // A new release removed this chunk's old name: reload once to get the new index.html.
        if (navigator.onLine && !sessionStorage.getItem(RELOADED_FOR_CHUNK)) {
          sessionStorage.setItem(RELOADED_FOR_CHUNK, '1');
          window.location.reload();
        }
        throw error;
      }
    },
  };
}

/**
 * Fetches every route's chunk while the player looks at the first screen, so a later tab switch
 * runs from memory (the browser keeps a module once it is loaded). Safe to call more than once.
 */
export function preloadRoutes(): void {
  for (const load of pageLoaders) load().catch(() => {});
}

/** Runs `task` when the browser is idle (soon after the first screen has painted). */
export function whenIdle(task: () => void, timeoutMs = 2_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(task, 200);
  return () => clearTimeout(timer);
}
