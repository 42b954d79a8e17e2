import { useEffect, useState } from 'react';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** The character cards (public/art/characters) draw the hero and its props inside these groups. */
const FIGURE_SELECTOR = 'g[filter="url(#c-figure)"]';

/**
 * The hero without its card: keeps the figure groups (hero and props, with their rim light and
 * shadow) and the shared definitions, drops the card's background, rays and frame. Null when
 * the picture is not one of our cards.
 */
export function extractHeroFigure(svgText: string): string | null {
  const parsed = new DOMParser().parseFromString(svgText, 'image/svg+xml');
  const root = parsed.documentElement;
  if (root?.localName !== 'svg' || parsed.getElementsByTagName('parsererror').length > 0) return null;
  const figures = Array.from(root.querySelectorAll(FIGURE_SELECTOR)).filter(
    (group) => !group.parentElement?.closest(FIGURE_SELECTOR),
  );
  if (figures.length === 0) return null;
  const out = parsed.createElementNS(SVG_NS, 'svg');
  out.setAttribute('xmlns', SVG_NS);
  out.setAttribute('viewBox', root.getAttribute('viewBox') ?? '0 0 512 512');
  out.setAttribute('width', root.getAttribute('width') ?? '512');
  out.setAttribute('height', root.getAttribute('height') ?? '512');
  for (const child of Array.from(root.children)) {
    if (child.localName === 'defs') out.appendChild(child);
  }
  for (const figure of figures) out.appendChild(figure);
  return new XMLSerializer().serializeToString(out);
}

const figures = new Map<string, Promise<string | null>>();

/** The figure of a character card as an object URL, made once per picture. */
function loadHeroFigure(image: string): Promise<string | null> {
  let pending = figures.get(image);
  if (!pending) {
    pending = fetch(image)
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`${response.status}`))))
      .then((text) => {
        const figure = extractHeroFigure(text);
        return figure ? URL.createObjectURL(new Blob([figure], { type: 'image/svg+xml' })) : null;
      })
      .catch((error: unknown) => {
        console.warn(`[home] could not cut the hero out of ${image}`, error);
        return null;
      });
    figures.set(image, pending);
  }
  return pending;
}

export type HeroPicture =
  | { state: 'loading' }
  | { state: 'figure'; src: string }
  | { state: 'card'; src: string };

/**
 * What Home draws for the selected hero: the cut-out figure standing on the platform, or the
 * whole card when the picture cannot be cut (an uploaded image, a network failure).
 */
export function useHeroPicture(image: string): HeroPicture {
  const [picture, setPicture] = useState<{ image: string; picture: HeroPicture } | null>(null);
  useEffect(() => {
    let live = true;
    const isSvg = /\.svg(\?|$)/i.test(image);
    if (!isSvg) {
      setPicture({ image, picture: { state: 'card', src: image } });
      return;
    }
    void loadHeroFigure(image).then((src) => {
      if (live)
        setPicture({ image, picture: src ? { state: 'figure', src } : { state: 'card', src: image } });
    });
    return () => {
      live = false;
    };
  }, [image]);
  return picture?.image === image ? picture.picture : { state: 'loading' };
}
