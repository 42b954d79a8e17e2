import { ComingSoonPanel } from '../../components/ui/coming-soon-panel.tsx';
import { SubPageBack } from './sub-page-back.tsx';

export function LeaderboardRoute() {
  return (
    <ComingSoonPanel
      title="Leaderboard"
      art="trophy"
      accents={['crown', 'glowing-star']}
      line="The mightiest Titans of the realm will be ranked here. Start climbing now."
      action={<SubPageBack />}
    />
  );
}
