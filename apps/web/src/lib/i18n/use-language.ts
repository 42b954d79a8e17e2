import { useSyncExternalStore } from 'react';
import { currentLanguage, type DisplayLanguage, subscribeLanguage } from './i18n.ts';

/** The page's language; a component re-renders when it changes. */
export function useLanguage(): DisplayLanguage {
  return useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
}
