import { ArenaScreen } from '../../features/battle/arena-screen.tsx';

export function FightRoute() {
  return <ArenaScreen />;
}
