import { HomeScreen } from '../../features/home/home-screen.tsx';

export function HomeRoute() {
  return <HomeScreen />;
}
