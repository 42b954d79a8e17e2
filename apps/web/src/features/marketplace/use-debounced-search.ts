import { MARKETPLACE_SEARCH_DEBOUNCE_MS } from '@titans/shared/constants';
import { useEffect, useState } from 'react';

/**
 * The search runs 500 ms after typing stops and only for non-blank text. Answers the
 * trimmed term to search for, or '' (no search) while the box is blank.
 */
export function useDebouncedSearch(text: string, delayMs = MARKETPLACE_SEARCH_DEBOUNCE_MS): string {
  const [term, setTerm] = useState('');
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === '') {
      setTerm('');
      return;
    }
    const timer = setTimeout(() => setTerm(trimmed), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return term;
}
