import { readFileSync } from 'node:fs';
import path from 'node:path';
import { characterFigurePath } from '@titans/shared/characters/figure-path';
import { describe, expect, test } from 'vitest';
import { heroPicture } from './hero-figure.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const publicDir = path.join(repoRoot, 'apps/web/public');
const characters = JSON.parse(readFileSync(path.join(repoRoot, 'catalogue/characters.json'), 'utf8')) as {
  id: string;
  image: string;
}[];

describe("the hero on Home's platform", () => {
  test('a character card is shown as its figure, any other picture as a card', () => {
    expect(heroPicture('/art/characters/aldric-dawnblade.svg')).toEqual({
      state: 'figure',
      src: '/art/characters/figures/aldric-dawnblade.svg',
    });
    expect(heroPicture('/uploads/characters/3f2a.webp')).toEqual({
      state: 'card',
      src: '/uploads/characters/3f2a.webp',
    });
    expect(heroPicture('/art/items/sword.svg')).toEqual({ state: 'card', src: '/art/items/sword.svg' });
  });

  test('a figure that fails to load gives way to the card', () => {
    expect(heroPicture('/art/characters/aldric-dawnblade.svg', true)).toEqual({
      state: 'card',
      src: '/art/characters/aldric-dawnblade.svg',
    });
  });

  test('every catalogue character ships a figure: the hero without the card behind it', () => {
    expect(characters.length).toBeGreaterThan(0);
    for (const character of characters) {
      const figurePath = characterFigurePath(character.image);
      expect(figurePath, character.id).not.toBeNull();
      const svg = readFileSync(path.join(publicDir, figurePath!), 'utf8');
      const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
      const root = doc.documentElement;
      expect(root.localName, character.id).toBe('svg');
      expect(root.getAttribute('viewBox'), character.id).toBe('0 0 512 512');
      // The hero kit's drawing, with its light rim (scripts/art/hero-art.ts).
      expect(root.querySelectorAll('g.titans-hero-kit[filter]').length, character.id).toBe(1);
      // The card's background, rays, clip and frame stay on the card.
      for (const cardPart of ['c-bg', 'c-rays', 'c-clip', 'c-metal'])
        expect(doc.getElementById(cardPart), `${character.id} ${cardPart}`).toBeNull();
    }
    // Parses every figure (about 2 s alone, 7 s beside the whole suite on two cores).
  }, 30_000);
});
