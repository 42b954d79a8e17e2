import { StarsScreen } from '../../features/stars/stars-screen.tsx';
import { SubPageBack } from './sub-page-back.tsx';

/** /diamonds: the Stars screen, a sub-page with Telegram's BackButton (a Back button outside Telegram). */
export function DiamondsRoute() {
  return <StarsScreen footer={<SubPageBack />} />;
}
