import { BoostScreen } from '../../features/boosts/boost-screen.tsx';
import { SubPageBack } from './sub-page-back.tsx';

/** /boost: a sub-page with Telegram's BackButton (a Back button outside Telegram). */
export function BoostRoute() {
  return <BoostScreen footer={<SubPageBack />} />;
}
