import { ComingSoonPanel } from '../../components/ui/coming-soon-panel.tsx';
import { SubPageBack } from './sub-page-back.tsx';

export function InventoryRoute() {
  return (
    <ComingSoonPanel
      title="Inventory"
      art="backpack"
      accents={['shield', 'gem-stone']}
      line="Every weapon, armour, background and boost you own will be kept here."
      action={<SubPageBack />}
    />
  );
}
