import { ArenaScreen } from '../../features/arena/arena-screen.tsx';

export function FightRoute() {
  return <ArenaScreen />;
}
