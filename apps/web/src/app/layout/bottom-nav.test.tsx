import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { CHARACTER_THUMB_SIZE, characterThumbPath } from '@titans/shared/characters/figure-path';
import { afterEach, describe, expect, test } from 'vitest';
import { HeroThumb } from './bottom-nav.tsx';

afterEach(cleanup);

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const publicDir = path.join(repoRoot, 'apps/web/public');
const characters = JSON.parse(readFileSync(path.join(repoRoot, 'catalogue/characters.json'), 'utf8')) as {
  id: string;
  image: string;
}[];

/** Width and height of a WebP file (lossy VP8, lossless VP8L or extended VP8X). */
function webpSize(file: Buffer): { width: number; height: number } {
  expect(file.toString('ascii', 0, 4)).toBe('RIFF');
  expect(file.toString('ascii', 8, 12)).toBe('WEBP');
  const chunk = file.toString('ascii', 12, 16);
  if (chunk === 'VP8 ')
    return { width: file.readUInt16LE(26) & 0x3fff, height: file.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = file.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  expect(chunk).toBe('VP8X');
  return { width: file.readUIntLE(24, 3) + 1, height: file.readUIntLE(27, 3) + 1 };
}

describe("the Home button's hero picture", () => {
  test('a game card is shown as its small raster, any other picture as it is', () => {
    const { container, rerender } = render(<HeroThumb image="/art/characters/aldric-dawnblade.svg" />);
    expect(container.querySelector('img')!.getAttribute('src')).toBe(
      '/art/characters/thumbs/aldric-dawnblade.webp',
    );
    rerender(<HeroThumb image="/uploads/characters/3f2a.webp" />);
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/uploads/characters/3f2a.webp');
  });

  test('a raster that fails to load gives way to the card, and the next hero tries its raster again', () => {
    const { container, rerender } = render(<HeroThumb image="/art/characters/aldric-dawnblade.svg" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/art/characters/aldric-dawnblade.svg');
    rerender(<HeroThumb image="/art/characters/lyra-windrunner.svg" />);
    expect(container.querySelector('img')!.getAttribute('src')).toBe(
      '/art/characters/thumbs/lyra-windrunner.webp',
    );
  });

  test('every catalogue character ships its raster, a small square WebP', () => {
    expect(characters.length).toBeGreaterThan(0);
    for (const character of characters) {
      const thumb = characterThumbPath(character.image);
      expect(thumb, character.id).not.toBeNull();
      const file = readFileSync(path.join(publicDir, thumb!));
      expect(webpSize(file), character.id).toEqual({
        width: CHARACTER_THUMB_SIZE,
        height: CHARACTER_THUMB_SIZE,
      });
      expect(file.length, character.id).toBeLessThan(12 * 1024);
    }
  });
});
