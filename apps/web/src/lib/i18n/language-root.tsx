import { Fragment, type ReactNode } from 'react';
import { useLanguage } from './use-language.ts';

/**
 * Everything under it is drawn again, in the new language, when the player switches: the texts
 * are read with t() as components render, and the state that matters lives in stores and the
 * query cache, above this.
 */
export function LanguageRoot({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return <Fragment key={language}>{children}</Fragment>;
}
