import { ComingSoonPanel } from '../../components/ui/coming-soon-panel.tsx';

export function MarketplaceRoute() {
  return (
    <ComingSoonPanel
      title="Titans Emporium"
      art="shopping-bags"
      accents={['gem-stone', 'crown']}
      line="Legendary characters, weapons, armour and boosts will go on sale here."
    />
  );
}
