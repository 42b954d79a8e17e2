import { describe, expect, test } from 'vitest';
import { extractHeroFigure } from './hero-figure.ts';

const CARD = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
<defs><clipPath id="c-clip"><rect width="512" height="512" rx="72"/></clipPath><filter id="c-figure"/></defs>
<g clip-path="url(#c-clip)"><rect id="background" width="512" height="512" fill="#123"/>
<g filter="url(#c-figure)"><g id="hero"><circle r="4"/><g filter="url(#c-figure)"><path id="nested"/></g></g></g>
<g filter="url(#c-figure)"><path id="sword"/></g>
<rect id="frame" width="512" height="512" fill="none"/></g></svg>`;

describe('the hero cut out of its card', () => {
  test('keeps the figure groups and the definitions, drops background and frame', () => {
    const figure = extractHeroFigure(CARD);
    expect(figure).not.toBeNull();
    const doc = new DOMParser().parseFromString(figure!, 'image/svg+xml');
    expect(doc.documentElement.getAttribute('viewBox')).toBe('0 0 512 512');
    expect(doc.getElementById('hero')).not.toBeNull();
    expect(doc.getElementById('nested')).not.toBeNull();
    expect(doc.getElementById('sword')).not.toBeNull();
    expect(doc.getElementById('c-figure')).not.toBeNull();
    expect(doc.getElementById('background')).toBeNull();
    expect(doc.getElementById('frame')).toBeNull();
    expect(doc.querySelectorAll('g[filter="url(#c-figure)"]')).toHaveLength(3);
  });

  test('gives up on pictures that are not our cards', () => {
    expect(extractHeroFigure('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>')).toBeNull();
    expect(extractHeroFigure('not svg at all')).toBeNull();
  });
});
