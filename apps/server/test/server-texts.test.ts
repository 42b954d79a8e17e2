import fs from 'node:fs';
import { LANGUAGES } from '@titans/shared/i18n/languages';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { packageTexts, SERVER_CATALOGUES, serverText } from '../src/i18n/server-texts.ts';

const english = SERVER_CATALOGUES.en;
const packages: Array<{ id: string; name: string; description: string }> = JSON.parse(
  fs.readFileSync(new URL('../../../catalogue/diamond-packages.json', import.meta.url), 'utf8'),
);

interface Element {
  type: number;
  value?: unknown;
  options?: Record<string, { value: Element[] }>;
  children?: Element[];
}

/** The placeholders of a message and, for each select or plural, its option keys. */
function shapeOf(message: string, language: string): string[] {
  const shape = new Set<string>();
  const walk = (elements: Element[]) => {
    for (const element of elements) {
      // 0 is literal text and 7 a plural's `#`; every other element names an argument.
      if (element.type !== 0 && element.type !== 7 && typeof element.value === 'string')
        shape.add(`{${element.value}}`);
      for (const [key, option] of Object.entries(element.options ?? {})) {
        shape.add(`${String(element.value)}=${key}`);
        walk(option.value);
      }
      walk(element.children ?? []);
    }
  };
  walk(new IntlMessageFormat(message, language, undefined, { ignoreTag: true }).getAst() as Element[]);
  return [...shape].sort();
}

describe('server catalogues', () => {
  it('LG4 every language has every English message, no other, with the same placeholders and options', () => {
    const keys = Object.keys(english).sort();
    for (const language of LANGUAGES) {
      const catalogue = SERVER_CATALOGUES[language];
      const own = Object.keys(catalogue).filter((key) => !key.startsWith('package.'));
      expect(own.sort(), language).toEqual(keys);
      for (const key of keys)
        expect(shapeOf(catalogue[key] ?? '', language), `${language} ${key}`).toEqual(
          shapeOf(english[key] ?? '', 'en'),
        );
    }
  });

  it('LG4 a translation is not the English text, and keeps the glossary words Titans and Stars', () => {
    for (const language of LANGUAGES.filter((code) => code !== 'en')) {
      for (const [key, message] of Object.entries(english)) {
        const translated = SERVER_CATALOGUES[language][key] ?? '';
        expect(translated, `${language} ${key}`).not.toBe(message);
        for (const word of ['Titans', 'Stars', 'TG-ORDER', '/stop', '/paysupport'])
          if (message.includes(word)) expect(translated, `${language} ${key}`).toContain(word);
      }
    }
  });

  it('LG5 every package of the catalogue has an invoice title (at most 32 characters) and description in every language', () => {
    for (const language of LANGUAGES) {
      for (const pkg of packages) {
        const texts = packageTexts(language, pkg);
        expect(texts.title.length, `${language} ${pkg.id}`).toBeLessThanOrEqual(32);
        expect(texts.description.length).toBeLessThanOrEqual(255);
        if (language === 'en') expect(texts).toEqual({ title: pkg.name, description: pkg.description });
        else {
          expect(SERVER_CATALOGUES[language][`package.${pkg.id}.name`], `${language} ${pkg.id}`).toBeTruthy();
          expect(SERVER_CATALOGUES[language][`package.${pkg.id}.description`]).toBeTruthy();
        }
      }
    }
    // A package the language files do not know yet is named as the catalogue names it.
    expect(packageTexts('ru', { id: 'new-pack', name: 'New Pack', description: '' })).toEqual({
      title: 'New Pack',
      description: 'New Pack',
    });
  });

  it('LG4 messages format with their values, select included', () => {
    expect(serverText('en', 'reminder.friend-joined', { name: 'Ada', withHero: 'yes', hero: 'Zeus' })).toBe(
      '🤝 Ada joined Titans through your link and chose Zeus! Your referral reward is in your balance.',
    );
    expect(serverText('en', 'reminder.friend-joined', { name: 'Ada', withHero: 'no', hero: '' })).toBe(
      '🤝 Ada joined Titans through your link! Your referral reward is in your balance.',
    );
    expect(serverText('ru', 'reminder.rematch', { name: 'Ада' })).toBe(
      '⚔️ Ада хочет реванша! Встретьтесь на Арене.',
    );
    // A name is data, never markup or a placeholder.
    expect(serverText('tr', 'reminder.rematch', { name: '<b>{x}</b>' })).toBe(
      "⚔️ <b>{x}</b> rövanş istiyor! Arena'da buluşun.",
    );
  });
});
