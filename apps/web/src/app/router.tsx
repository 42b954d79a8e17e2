import type { ComponentType } from 'react';
import { paths } from '../config/paths.ts';
import { createBrowserRouter, Navigate } from '../lib/router/router.tsx';
import { Root } from './root.tsx';
import { lazyPage } from './route-preload.ts';
import { HomeRoute } from './routes/home-route.tsx';

/** A screen loaded with its route's chunk when first visited. */
function page<M>(path: string, load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return { path, ...lazyPage(load, pick) };
}

/** Routes: any other path redirects to /. Home is in the first chunk: it is the first screen. */
export function createRouter() {
  return createBrowserRouter([
    {
      path: paths.home.path,
      element: <Root />,
      children: [
        { index: true, element: <HomeRoute /> },
        page(
          paths.invite.path,
          () => import('./routes/invite-route.tsx'),
          (m) => m.InviteRoute,
        ),
        page(
          paths.tasks.path,
          () => import('./routes/tasks-route.tsx'),
          (m) => m.TasksRoute,
        ),
        page(
          paths.fight.path,
          () => import('./routes/fight-route.tsx'),
          (m) => m.FightRoute,
        ),
        page(
          paths.marketplace.path,
          () => import('./routes/marketplace-route.tsx'),
          (m) => m.MarketplaceRoute,
        ),
        page(
          paths.diamonds.path,
          () => import('./routes/diamonds-route.tsx'),
          (m) => m.DiamondsRoute,
        ),
        page(
          paths.profile.path,
          () => import('./routes/profile-route.tsx'),
          (m) => m.ProfileRoute,
        ),
        page(
          paths.inventory.path,
          () => import('./routes/inventory-route.tsx'),
          (m) => m.InventoryRoute,
        ),
        page(
          paths.leaderboard.path,
          () => import('./routes/leaderboard-route.tsx'),
          (m) => m.LeaderboardRoute,
        ),
        page(
          paths.boost.path,
          () => import('./routes/boost-route.tsx'),
          (m) => m.BoostRoute,
        ),
        page(
          paths.buddies.path,
          () => import('./routes/buddies-route.tsx'),
          (m) => m.BuddiesRoute,
        ),
        { path: '*', element: <Navigate to={paths.home.getHref()} replace /> },
      ],
    },
  ]);
}
