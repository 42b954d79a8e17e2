import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { EmojiArt, emojiDisplayWidth } from './emoji-art.tsx';
import { EMOJI_RASTER_SIZES } from './emoji-list.ts';

afterEach(cleanup);

test('reads the shown width from the Tailwind size class, whatever else the class holds', () => {
  expect(emojiDisplayWidth('size-7')).toBe(28);
  expect(emojiDisplayWidth('relative size-28 drop-shadow-[0_12px_20px_rgb(0_0_0/0.6)]')).toBe(112);
  expect(emojiDisplayWidth('size-5.5')).toBe(22);
  // A variant's size is not the base size; an unknown size asks for the large raster.
  expect(emojiDisplayWidth('size-7 drop-shadow-[0_3px_6px_rgb(0_0_0/0.45)] short:size-6')).toBe(28);
  expect(emojiDisplayWidth('opacity-60')).toBe(112);
  expect(emojiDisplayWidth(undefined)).toBe(112);
});

test('shows a raster at each size, never the SVG source, with the width it is shown at', () => {
  const { container } = render(<EmojiArt name="crossed-swords" className="size-10" />);
  const image = container.querySelector('img')!;
  expect(image.getAttribute('sizes')).toBe('40px');
  expect(image.getAttribute('src')).toMatch(/crossed-swords-160\.webp$/);
  const candidates = image.getAttribute('srcset')!.split(', ');
  expect(candidates).toHaveLength(EMOJI_RASTER_SIZES.length);
  EMOJI_RASTER_SIZES.forEach((size, index) => {
    expect(candidates[index]).toMatch(new RegExp(`crossed-swords-${size}\\.webp ${size}w$`));
  });
  expect(image.getAttribute('alt')).toBe('');
});
