import { describe, expect, it } from 'vitest';
import { languageFromTelegram, playerLanguage, textDirection } from '../src/i18n/languages';

describe('languages', () => {
  it('maps Telegram language codes to a supported language, English otherwise', () => {
    expect(languageFromTelegram('ru')).toBe('ru');
    expect(languageFromTelegram('pt-br')).toBe('pt-BR');
    expect(languageFromTelegram('pt')).toBe('pt-BR');
    expect(languageFromTelegram('fa-IR')).toBe('fa');
    expect(languageFromTelegram('de')).toBe('en');
    expect(languageFromTelegram(undefined)).toBe('en');
  });

  it('prefers the player’s own choice over Telegram’s', () => {
    expect(playerLanguage('uk', 'ru')).toBe('uk');
    expect(playerLanguage('xx', 'tr')).toBe('tr');
    expect(playerLanguage(null, null)).toBe('en');
  });

  it('writes Persian right to left', () => {
    expect(textDirection('fa')).toBe('rtl');
    expect(textDirection('en')).toBe('ltr');
  });
});
