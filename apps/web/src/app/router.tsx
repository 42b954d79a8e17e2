import { paths } from '../config/paths.ts';
import { createBrowserRouter, Navigate } from '../lib/router/router.tsx';
import { Root } from './root.tsx';
import { lazyPage } from './route-preload.ts';
import { HomeRoute } from './routes/home-route.tsx';

/** Routes: any other path redirects to /. Home is in the first chunk: it is the first screen. */
export function createRouter() {
  return createBrowserRouter([
    {
      path: paths.home.path,
      element: <Root />,
      children: [
        { index: true, element: <HomeRoute /> },
        {
          path: paths.invite.path,
          ...lazyPage(
            () => import('./routes/invite-route.tsx'),
            (m) => m.InviteRoute,
          ),
        },
        {
          path: paths.tasks.path,
          ...lazyPage(
            () => import('./routes/tasks-route.tsx'),
            (m) => m.TasksRoute,
          ),
        },
        {
          path: paths.fight.path,
          ...lazyPage(
            () => import('./routes/fight-route.tsx'),
            (m) => m.FightRoute,
          ),
        },
        {
          path: paths.marketplace.path,
          ...lazyPage(
            () => import('./routes/marketplace-route.tsx'),
            (m) => m.MarketplaceRoute,
          ),
        },
        {
          path: paths.diamonds.path,
          ...lazyPage(
            () => import('./routes/diamonds-route.tsx'),
            (m) => m.DiamondsRoute,
          ),
        },
        {
          path: paths.profile.path,
          ...lazyPage(
            () => import('./routes/profile-route.tsx'),
            (m) => m.ProfileRoute,
          ),
        },
        {
          path: paths.inventory.path,
          ...lazyPage(
            () => import('./routes/inventory-route.tsx'),
            (m) => m.InventoryRoute,
          ),
        },
        {
          path: paths.leaderboard.path,
          ...lazyPage(
            () => import('./routes/leaderboard-route.tsx'),
            (m) => m.LeaderboardRoute,
          ),
        },
        {
          path: paths.boost.path,
          ...lazyPage(
            () => import('./routes/boost-route.tsx'),
            (m) => m.BoostRoute,
          ),
        },
        {
          path: paths.buddies.path,
          ...lazyPage(
            () => import('./routes/buddies-route.tsx'),
            (m) => m.BuddiesRoute,
          ),
        },
        { path: '*', element: <Navigate to={paths.home.getHref()} replace /> },
      ],
    },
  ]);
}
