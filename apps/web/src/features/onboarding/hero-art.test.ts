import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { characterFigurePath, characterThumbPath } from '@titans/shared/characters/figure-path';
import { MARKETPLACE_RACES } from '@titans/shared/characters/schemas';
import { describe, expect, test } from 'vitest';

/*
 * The heroes' art as shipped: every catalogue hero has its card, its figure (Home) and its small
 * raster (the nav), all drawn by the hero kit (scripts/art/hero-art.ts), none built from an emoji;
 * and the free heroes offered at onboarding are of the shop's races.
 */
const root = path.resolve(import.meta.dirname, '../../../../..');
const publicDir = path.join(root, 'apps/web/public');

type CatalogueHero = { id: string; race: string; image: string; is_free: boolean };
const heroes: CatalogueHero[] = JSON.parse(
  readFileSync(path.join(root, 'catalogue/characters.json'), 'utf8'),
);

/** Every path outline (`d`) in the Fluent Emoji set the other cards are composed from. */
function emojiOutlines(): Set<string> {
  const require = createRequire(path.join(root, 'package.json'));
  const set: { icons: Record<string, { body: string }> } = JSON.parse(
    readFileSync(require.resolve('@iconify-json/fluent-emoji/icons.json'), 'utf8'),
  );
  const outlines = new Set<string>();
  for (const icon of Object.values(set.icons)) {
    for (const match of icon.body.matchAll(/\sd="([^"]+)"/g)) outlines.add(match[1] ?? '');
  }
  return outlines;
}

describe('hero art', () => {
  test('every catalogue hero has its card, figure and thumbnail on disk', () => {
    expect(heroes.length).toBeGreaterThan(20);
    for (const hero of heroes) {
      const files = [hero.image, characterFigurePath(hero.image), characterThumbPath(hero.image)];
      for (const file of files) {
        expect(file, hero.id).not.toBeNull();
        expect(existsSync(`${publicDir}${file}`), `${hero.id}: ${file}`).toBe(true);
      }
    }
  });

  test('every hero picture is drawn by the hero kit, with no emoji outline, image or embedded raster', () => {
    const emoji = emojiOutlines();
    expect(emoji.size).toBeGreaterThan(1000);
    for (const hero of heroes) {
      for (const file of [hero.image, characterFigurePath(hero.image)]) {
        const svg = readFileSync(`${publicDir}${file}`, 'utf8');
        expect(svg, `${file} is not a hero kit drawing`).toContain('class="titans-hero-kit"');
        expect(svg, `${file} embeds a picture`).not.toMatch(/<image|href="(?!#)|data:/);
        const borrowed = [...svg.matchAll(/\sd="([^"]+)"/g)].filter((match) => emoji.has(match[1] ?? ''));
        expect(borrowed.length, `${file} has ${borrowed.length} Fluent Emoji outlines`).toBe(0);
      }
    }
  });

  test('the free heroes of onboarding are of the shop races, one of each', () => {
    const starters = heroes.filter((hero) => hero.is_free).map((hero) => hero.race);
    expect(new Set(starters)).toEqual(new Set(MARKETPLACE_RACES));
    expect(starters).toHaveLength(MARKETPLACE_RACES.length);
  });
});
