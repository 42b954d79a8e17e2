/** The query parameter values the Quest Board accepts. */
export const TASK_TABS = ['all', 'quiz', 'community', 'watch', 'daily', 'play'] as const;
export type TaskTab = (typeof TASK_TABS)[number];

/** Every route of the app. Components link with `getHref`, the router matches `path`. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  invite: { path: '/invite', getHref: () => '/invite' },
  tasks: {
    path: '/tasks',
    getHref: (tab?: TaskTab) => (tab ? `/tasks?tab=${tab}` : '/tasks'),
  },
  fight: { path: '/fight', getHref: () => '/fight' },
  marketplace: { path: '/marketplace', getHref: () => '/marketplace' },
  diamonds: { path: '/diamonds', getHref: () => '/diamonds' },
  profile: { path: '/profile', getHref: () => '/profile' },
  inventory: { path: '/inventory', getHref: () => '/inventory' },
  leaderboard: { path: '/leaderboard', getHref: () => '/leaderboard' },
  /** The Boost screen, reached from Home's Boost button (decisions: D-BOOST-1). */
  boost: { path: '/boost', getHref: () => '/boost' },
  /** A referral link: the code is captured, then the app goes to /. */
  buddies: { path: '/buddies/:code', getHref: (code: string) => `/buddies/${encodeURIComponent(code)}` },
} as const;

/** The five bottom-navigation roots: Telegram's BackButton stays hidden on them. */
export const NAV_ROOT_PATHS: readonly string[] = [
  paths.tasks.path,
  paths.invite.path,
  paths.home.path,
  paths.fight.path,
  paths.marketplace.path,
];

/** Sub-pages reached from the top bar, the profile or Home (Boost): Telegram's BackButton shows on them. */
export const SUB_PAGE_PATHS: readonly string[] = [
  paths.diamonds.path,
  paths.leaderboard.path,
  paths.profile.path,
  paths.inventory.path,
  paths.boost.path,
];

/** No banner ad on Home and in the Arena. */
export const PATHS_WITHOUT_AD: readonly string[] = [paths.home.path, paths.fight.path];
