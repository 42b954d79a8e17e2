import { MarketplaceScreen } from '../../features/marketplace/marketplace-screen.tsx';

/** /marketplace: Titans Emporium. */
export function MarketplaceRoute() {
  return <MarketplaceScreen />;
}
