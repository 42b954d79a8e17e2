import { ArtCredits } from '../../components/ui/art-credits.tsx';
import { ComingSoonPanel } from '../../components/ui/coming-soon-panel.tsx';
import { SubPageBack } from './sub-page-back.tsx';

export function ProfileRoute() {
  return (
    <div className="grid min-h-full grid-rows-[1fr_auto]">
      <ComingSoonPanel
        title="Profile"
        art="crown"
        accents={['trophy', 'sparkles']}
        line="Your battle stats, achievements, sound settings and FAQ are on their way."
        action={<SubPageBack />}
      />
      <ArtCredits className="px-6 pb-3" />
    </div>
  );
}
