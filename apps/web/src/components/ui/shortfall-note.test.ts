import path from 'node:path';
import MessageFormat from '@messageformat/core';
import { LANGUAGES } from '@titans/shared/i18n/languages';
import { describe, expect, it } from 'vitest';
import { readCatalogue } from '../../../build/i18n-messages.ts';

const LOCALES = path.resolve(import.meta.dirname, '../../locales');
const KEY = 'shortfallNote.notEnoughMoreNeeded';

/** The shortfall note in `language`, compiled as the build compiles it. */
function shortfall(language: string, currency: 'Coins' | 'Stars'): string {
  const message = readCatalogue(LOCALES, language)[KEY];
  if (message === undefined) throw new Error(`${language} lacks ${KEY}`);
  return new MessageFormat(language).compile(message)({ currency, missing: '1,000' });
}

describe('the shortfall note names the currency in the player language', () => {
  it('English keeps the spec text for both currencies', () => {
    expect(shortfall('en', 'Coins')).toBe('Not enough Coins: 1,000 more needed.');
    expect(shortfall('en', 'Stars')).toBe('Not enough Stars: 1,000 more needed.');
  });

  it('every other language says coins in its own word (the glossary) and keeps Stars', () => {
    for (const language of LANGUAGES.filter((each) => each !== 'en')) {
      const coins = shortfall(language, 'Coins');
      expect(coins, language).not.toContain('Coins');
      expect(coins, language).toContain('1,000');
      expect(shortfall(language, 'Stars'), language).toContain('Stars');
    }
    expect(shortfall('ru', 'Coins')).toBe('Не хватает монет: нужно ещё 1,000.');
  });
});
