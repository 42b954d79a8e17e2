import { ComingSoonPanel } from '../../components/ui/coming-soon-panel.tsx';
import { SubPageBack } from './sub-page-back.tsx';

export function DiamondsRoute() {
  return (
    <ComingSoonPanel
      title="Stars"
      art="gem-stone"
      accents={['glowing-star', 'sparkles']}
      line="Star packages, paid with Telegram Stars or crypto, open here soon."
      action={<SubPageBack />}
    />
  );
}
