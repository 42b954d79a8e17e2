import { createBrowserRouter, Navigate } from 'react-router';
import { paths } from '../config/paths.ts';
import { Root } from './root.tsx';
import { BoostRoute } from './routes/boost-route.tsx';
import { BuddiesRoute } from './routes/buddies-route.tsx';
import { DiamondsRoute } from './routes/diamonds-route.tsx';
import { FightRoute } from './routes/fight-route.tsx';
import { HomeRoute } from './routes/home-route.tsx';
import { InventoryRoute } from './routes/inventory-route.tsx';
import { InviteRoute } from './routes/invite-route.tsx';
import { LeaderboardRoute } from './routes/leaderboard-route.tsx';
import { MarketplaceRoute } from './routes/marketplace-route.tsx';
import { ProfileRoute } from './routes/profile-route.tsx';
import { TasksRoute } from './routes/tasks-route.tsx';

/** spec-a §2 "Routes"; any other path redirects to /. */
export function createRouter() {
  return createBrowserRouter([
    {
      path: paths.home.path,
      element: <Root />,
      children: [
        { index: true, element: <HomeRoute /> },
        { path: paths.invite.path, element: <InviteRoute /> },
        { path: paths.tasks.path, element: <TasksRoute /> },
        { path: paths.fight.path, element: <FightRoute /> },
        { path: paths.marketplace.path, element: <MarketplaceRoute /> },
        { path: paths.diamonds.path, element: <DiamondsRoute /> },
        { path: paths.profile.path, element: <ProfileRoute /> },
        { path: paths.inventory.path, element: <InventoryRoute /> },
        { path: paths.leaderboard.path, element: <LeaderboardRoute /> },
        { path: paths.boost.path, element: <BoostRoute /> },
        { path: paths.buddies.path, element: <BuddiesRoute /> },
        { path: '*', element: <Navigate to={paths.home.getHref()} replace /> },
      ],
    },
  ]);
}
