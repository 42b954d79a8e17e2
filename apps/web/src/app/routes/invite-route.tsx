import { REFERRAL_BANNER_TOKENS } from '@titans/shared/constants';
import { ComingSoonPanel } from '../../components/ui/coming-soon-panel.tsx';

export function InviteRoute() {
  return (
    <ComingSoonPanel
      title="Invites"
      art="handshake"
      accents={['wrapped-gift', 'people-hugging']}
      line={`Bring friends into the realm and earn ${REFERRAL_BANNER_TOKENS} Tokens for every Titan who joins.`}
    />
  );
}
