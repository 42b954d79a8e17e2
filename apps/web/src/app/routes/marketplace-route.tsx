import { MarketplaceScreen } from '../../features/marketplace/marketplace-screen.tsx';

/** /marketplace: Titans Emporium (spec-b §2). */
export function MarketplaceRoute() {
  return <MarketplaceScreen />;
}
