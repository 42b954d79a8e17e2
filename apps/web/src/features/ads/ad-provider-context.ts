import { createContext, useContext } from 'react';
import { type AdProvider, createHouseBannerProvider } from './ad-provider.ts';

const houseProvider = createHouseBannerProvider();

/** The banner source; the app root can provide an ad network's client instead of the house one. */
export const AdProviderContext = createContext<AdProvider>(houseProvider);

export function useAdProvider(): AdProvider {
  return useContext(AdProviderContext);
}
