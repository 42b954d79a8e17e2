import {
  type AnchorHTMLAttributes,
  type ComponentType,
  createContext,
  type MouseEvent,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';

/**
 * The app's router (decisions: D-WEB-28): the few parts of a router the game uses, in place of
 * react-router's 27 KB (compressed) on the way to the first screen. Routes are nested objects
 * (`RouteObject`); a route's screen can be its own chunk (`lazy`), and a navigation to it keeps
 * the current screen until that chunk is there, so a tab switch never shows an empty frame.
 * History entries carry `{ usr, key, idx }` as react-router's did: `idx` is the entry's position,
 * which `useHistoryIndex` reads to decide whether Back can go back.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** The state the navigation passed (`navigate(to, { state })`), or null. */
  state: unknown;
  /** Unique per navigation ('default' for the entry the app opened on): remounts per visit key on it. */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface RouteObject {
  /** An absolute path ('/fight'), one with parameters ('/buddies/:code'), or '*' for any other. */
  path?: string;
  /** The child shown at the parent's own path. */
  index?: boolean;
  element?: ReactNode;
  /** Fetches the route's screen (its chunk) on first visit. */
  lazy?: () => Promise<{ Component: ComponentType }>;
  children?: RouteObject[];
}

/** Where the app is and how it moves: the browser's session history, or one in memory (tests). */
interface History {
  readonly location: Location;
  /** The entry's position in the session history: 0 for the one the app was opened on. */
  readonly index: number;
  /** Writes a new entry (or replaces the current one) without telling listeners. */
  write(to: string, state: unknown, replace: boolean): void;
  go(delta: number): void;
  /** Called when the history moves by itself (Back, Forward). */
  listen(listener: () => void): () => void;
}

interface HistoryEntry {
  usr: unknown;
  key: string;
  idx: number;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

function parsePath(path: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const url = new URL(path, 'http://app.invalid');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

const pathOf = (location: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  `${location.pathname}${location.search}${location.hash}`;

function createBrowserHistory(): History {
  const stored = () => window.history.state as Partial<HistoryEntry> | null;
  if (typeof stored()?.idx !== 'number') {
    window.history.replaceState({ ...stored(), usr: null, key: 'default', idx: 0 }, '');
  }
  const read = (): [Location, number] => {
    const entry = stored();
    const { pathname, search, hash } = window.location;
    return [
      { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' },
      entry?.idx ?? 0,
    ];
  };
  let [location, index] = read();
  const listeners = new Set<() => void>();
  window.addEventListener('popstate', () => {
    [location, index] = read();
    for (const listener of listeners) listener();
  });
  return {
    get location() {
      return location;
    },
    get index() {
      return index;
    },
    write(to, state, replace) {
      const entry: HistoryEntry = { usr: state ?? null, key: newKey(), idx: replace ? index : index + 1 };
      if (replace) window.history.replaceState(entry, '', to);
      else window.history.pushState(entry, '', to);
      [location, index] = read();
    },
    go: (delta) => window.history.go(delta),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function createMemoryHistory(initialEntries: string[], initialIndex: number): History {
  const entries: Location[] = initialEntries.map((path, position) => ({
    ...parsePath(path),
    state: null,
    key: position === initialIndex ? 'default' : newKey(),
  }));
  let index = Math.min(Math.max(initialIndex, 0), entries.length - 1);
  const listeners = new Set<() => void>();
  const root: Location = { ...parsePath('/'), state: null, key: 'default' };
  return {
    get location() {
      return entries[index] ?? root;
    },
    get index() {
      return index;
    },
    write(to, state, replace) {
      const location = { ...parsePath(to), state: state ?? null, key: newKey() };
      if (replace) entries[index] = location;
      else entries.splice(++index, entries.length, location);
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      // As the browser does: the move is announced after the call returns.
      queueMicrotask(() => {
        for (const listener of listeners) listener();
      });
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Whether `pathname` is `pattern`'s; a ':name' segment takes any one segment (no screen reads it). */
function matchPath(pattern: string, pathname: string): boolean {
  if (pattern === '*') return true;
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  return (
    want.length === have.length && want.every((segment, i) => segment.startsWith(':') || segment === have[i])
  );
}

/** The branch of `routes` that shows `pathname`, outermost first: exact paths, then a '*' at the same level. */
function matchRoutes(routes: RouteObject[], pathname: string): RouteObject[] | null {
  const ordered = [
    ...routes.filter((route) => route.path !== '*'),
    ...routes.filter((route) => route.path === '*'),
  ];
  for (const route of ordered) {
    if (route.children) {
      const inner = route.path && route.path !== '/' ? null : matchRoutes(route.children, pathname);
      if (inner) return [route, ...inner];
      continue;
    }
    const pattern = route.index ? '/' : route.path;
    if (pattern && matchPath(pattern, pathname)) return [route];
  }
  return null;
}

/** What the router shows: a location and the routes that draw it. */
interface View {
  location: Location;
  matches: RouteObject[];
}

/** A lazy route's screen once its chunk is in. */
const loadedScreens = new WeakMap<RouteObject, ComponentType>();

const isWaiting = (route: RouteObject) => route.lazy !== undefined && !loadedScreens.has(route);

async function loadScreens(matches: RouteObject[]): Promise<void> {
  await Promise.all(
    matches.filter(isWaiting).map(async (route) => {
      if (!route.lazy) return;
      const { Component } = await route.lazy();
      loadedScreens.set(route, Component);
    }),
  );
}

export class Router {
  private view: View | null = null;
  private readonly subscribers = new Set<(view: View) => void>();
  /** Each navigation's number: a slower earlier one never overwrites a later one. */
  private navigation = 0;

  constructor(
    private readonly routes: RouteObject[],
    private readonly history: History,
  ) {
    history.listen(() => this.show(history.location));
    this.show(history.location);
  }

  get current(): View | null {
    return this.view;
  }

  get index(): number {
    return this.history.index;
  }

  subscribe(subscriber: (view: View) => void): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Goes to `to` (an absolute path, or '?query' on the current path) once its screen is loaded; a number moves in history. */
  navigate(to: string | number, options: NavigateOptions = {}): void {
    if (typeof to === 'number') {
      this.history.go(to);
      return;
    }
    const here = this.history.location;
    const target = to.startsWith('?') ? `${here.pathname}${to}` : to;
    // A link to where the app already is replaces the entry (a new key, the same place).
    const replace = options.replace ?? target === pathOf(here);
    this.whenLoaded(parsePath(target).pathname, (matches) => {
      this.history.write(target, options.state, replace);
      this.publish({ location: this.history.location, matches });
    });
  }

  /** Shows where the history now is (the start, Back, Forward). */
  private show(location: Location) {
    this.whenLoaded(location.pathname, (matches) => this.publish({ location, matches }));
  }

  /**
   * Runs `commit` with the routes of `pathname` once their screens are loaded (at once when they
   * are), unless a later navigation came first. A screen that cannot load leaves the app where it is.
   */
  private whenLoaded(pathname: string, commit: (matches: RouteObject[]) => void) {
    const number = ++this.navigation;
    const matches = matchRoutes(this.routes, pathname) ?? [];
    const run = () => {
      if (number === this.navigation) commit(matches);
    };
    if (!matches.some(isWaiting)) run();
    else
      loadScreens(matches).then(run, (error: unknown) =>
        console.error('[router] could not load the screen for', pathname, error),
      );
  }

  private publish(view: View) {
    this.view = view;
    for (const subscriber of this.subscribers) subscriber(view);
  }
}

/** The app's router on the browser's history. */
export function createBrowserRouter(routes: RouteObject[]): Router {
  return new Router(routes, createBrowserHistory());
}

/** A router on a history in memory (tests): `initialEntries` (default ['/']), at `initialIndex` (default the last). */
export function createMemoryRouter(
  routes: RouteObject[],
  { initialEntries = ['/'], initialIndex }: { initialEntries?: string[]; initialIndex?: number } = {},
): Router {
  return new Router(routes, createMemoryHistory(initialEntries, initialIndex ?? initialEntries.length - 1));
}

interface RouterState {
  router: Router;
  location: Location;
}

const RouterContext = createContext<RouterState | null>(null);
/** What an `<Outlet />` inside a route's element draws: the next route of the match. */
const OutletContext = createContext<ReactNode>(null);

function useRouterState(): RouterState {
  const state = useContext(RouterContext);
  if (!state) throw new Error('Router hooks and links need a <RouterProvider> around them');
  return state;
}

function screenOf(route: RouteObject): ReactNode {
  const Screen = loadedScreens.get(route);
  return Screen ? <Screen /> : (route.element ?? null);
}

/** Draws the router's current routes; nothing until the first screen is loaded. */
export function RouterProvider({ router }: { router: Router }) {
  const [view, setView] = useState(() => router.current);
  useEffect(() => {
    setView(router.current);
    return router.subscribe(setView);
  }, [router]);
  const state = useMemo(() => view && { router, location: view.location }, [router, view]);
  if (!view || !state) return null;
  // Innermost first: each route's element draws the next one where it puts its <Outlet />.
  let tree: ReactNode = null;
  for (let depth = view.matches.length - 1; depth >= 0; depth--) {
    const match = view.matches[depth];
    if (match) tree = <OutletContext.Provider value={tree}>{screenOf(match)}</OutletContext.Provider>;
  }
  return <RouterContext.Provider value={state}>{tree}</RouterContext.Provider>;
}

/** Where a parent route's element draws its matched child. */
export function Outlet() {
  return <>{useContext(OutletContext)}</>;
}

export function useLocation(): Location {
  return useRouterState().location;
}

/** The current entry's position in the session history: above 0, Back stays inside the app. */
export function useHistoryIndex(): () => number {
  const { router } = useRouterState();
  return useMemo(() => () => router.index, [router]);
}

export function useNavigate(): (to: string | number, options?: NavigateOptions) => void {
  const { router } = useRouterState();
  return useMemo(
    () => (to: string | number, options?: NavigateOptions) => router.navigate(to, options),
    [router],
  );
}

type SearchInit = URLSearchParams | Record<string, string>;

/** The query string as URLSearchParams, and a setter that navigates to the new query. */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((previous: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { router, location } = useRouterState();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = (
    next: SearchInit | ((previous: URLSearchParams) => SearchInit),
    options?: NavigateOptions,
  ) => {
    const value = typeof next === 'function' ? next(new URLSearchParams(location.search)) : next;
    const query = new URLSearchParams(value).toString();
    router.navigate(query ? `?${query}` : location.pathname, options);
  };
  return [params, setParams];
}

/** Navigates once it is drawn (a redirect). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const { router } = useRouterState();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a redirect happens once, where it was drawn
  useEffect(() => router.navigate(to, { replace, state }), []);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  state?: unknown;
};

/** An anchor that navigates inside the app; a modified click (new tab, download) is left to the browser. */
export function Link({ to, replace, state, onClick, target, children, ...rest }: LinkProps) {
  const { router } = useRouterState();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    router.navigate(to, { replace, state });
  };
  return (
    <a href={to} target={target} onClick={handleClick} {...rest}>
      {children}
    </a>
  );
}
