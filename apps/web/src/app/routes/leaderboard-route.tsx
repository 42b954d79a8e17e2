import { LeaderboardScreen } from '../../features/leaderboard/leaderboard-screen.tsx';
import { useCurrentUser } from '../../features/users/api/get-user.ts';

/** /leaderboard: the screen carries its own back action to /. */
export function LeaderboardRoute() {
  const { data: user } = useCurrentUser();
  return user ? <LeaderboardScreen user={user} /> : null;
}
