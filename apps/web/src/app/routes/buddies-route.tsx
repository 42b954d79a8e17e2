import { paths } from '../../config/paths.ts';
import { Navigate } from '../../lib/router/router.tsx';

/**
 * /buddies/{code}: main.tsx captured the code at launch (it waits in localStorage
 * for registration), so the route only goes on to Home.
 */
export function BuddiesRoute() {
  return <Navigate to={paths.home.getHref()} replace />;
}
