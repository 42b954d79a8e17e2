import { characterFigurePath } from '@titans/shared/characters/figure-path';
import { useState } from 'react';

export type HeroPicture = { state: 'figure'; src: string } | { state: 'card'; src: string };

/**
 * What Home draws for the selected hero: the figure standing on the platform, drawn without its
 * card by the art generator next to every character card, or the whole card for any other
 * picture (an uploaded image) and when the figure cannot be loaded.
 */
export function heroPicture(image: string, figureFailed = false): HeroPicture {
  const figure = figureFailed ? null : characterFigurePath(image);
  return figure ? { state: 'figure', src: figure } : { state: 'card', src: image };
}

/** The picture for `image`, falling back to the card once its figure fails to load. */
export function useHeroPicture(image: string): { picture: HeroPicture; figureFailed: () => void } {
  const [failedImage, setFailedImage] = useState<string | null>(null);
  return {
    picture: heroPicture(image, failedImage === image),
    figureFailed: () => {
      console.warn(`[home] the hero's figure for ${image} did not load; showing its card`);
      setFailedImage(image);
    },
  };
}
