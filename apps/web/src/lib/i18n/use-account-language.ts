import { useEffect } from 'react';
import { getLaunchContext } from '../telegram/launch-context.ts';
import { followAccountLanguage } from './language.ts';

/** Shows the account's language (chosen in Profile, maybe on another device) once its answer is in. */
export function useAccountLanguage(language: string | undefined): void {
  useEffect(() => {
    if (language) followAccountLanguage(language, getLaunchContext().rawInitData);
  }, [language]);
}
