/*
 * Interface art: the TITANS crest (logo), the app icon, the favicon and the currency icons.
 * The wordmark is Lilita One (the app's display font) turned into outlines.
 */
import { createRequire } from 'node:module';
import { emoji, n, place, resetIds, sparkle, svgDocument } from './art-kit.ts';
import { type Font, loadWoff, textOutline } from './font-outline.ts';

const require = createRequire(import.meta.url);
let font: Font | undefined;
function displayFont(): Font {
  font ??= loadWoff(require.resolve('@fontsource/lilita-one/files/lilita-one-latin-400-normal.woff'));
  return font;
}

/** The heater shield of the crest, in a 512 box. */
const SHIELD =
  'M256 96C310 118 354 124 398 122V236C398 330 336 388 256 424C176 388 114 330 114 236V122C158 124 202 118 256 96Z';

const GOLD_STOPS =
  '<stop offset="0" stop-color="#fff7cf"/><stop offset=".3" stop-color="#ffd54a"/><stop offset=".55" stop-color="#e69a0c"/><stop offset=".8" stop-color="#ffd866"/><stop offset="1" stop-color="#b26b05"/>';

/** Text set along a gentle arc: each letter is placed and turned to follow the curve. */
function arcText(
  text: string,
  cx: number,
  baseline: number,
  size: number,
  sag: number,
  spacing: number,
): string {
  const typeface = displayFont();
  const widths = [...text].map((char) => textOutline(typeface, char, 0, 0, size).width);
  const total = widths.reduce((sum, width) => sum + width, 0) + spacing * (widths.length - 1);
  let x = cx - total / 2;
  const half = total / 2;
  const parts: string[] = [];
  [...text].forEach((char, index) => {
    const width = widths[index]!;
    const middle = x + width / 2;
    const t = (middle - cx) / half;
    const y = baseline - sag * (1 - t * t);
    const slope = (-sag * -2 * t) / half;
    const angle = (Math.atan(slope) * 180) / Math.PI;
    const glyph = textOutline(typeface, char, -width / 2, 0, size);
    parts.push(`<path transform="translate(${n(middle)} ${n(y)}) rotate(${n(angle)})" d="${glyph.d}"/>`);
    x += width + spacing;
  });
  return parts.join('');
}

function crest(withRibbon: boolean): { defs: string; body: string } {
  const typeface = displayFont();
  const t = textOutline(typeface, 'T', 0, 0, 230);
  const tx = 256 - t.width / 2;
  const letter = textOutline(typeface, 'T', tx, 356, 230).d;
  const defs = [
    `<linearGradient id="gold" x1="0" y1="0" x2=".35" y2="1">${GOLD_STOPS}</linearGradient>`,
    `<linearGradient id="goldText" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fffbe0"/><stop offset=".45" stop-color="#ffd447"/><stop offset="1" stop-color="#f08c00"/></linearGradient>`,
    `<radialGradient id="enamel" cx="50%" cy="35%" r="70%"><stop offset="0" stop-color="#6d3fd6"/><stop offset=".6" stop-color="#3a1a8c"/><stop offset="1" stop-color="#160a40"/></radialGradient>`,
    `<radialGradient id="aura" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#ffd866" stop-opacity=".75"/><stop offset=".5" stop-color="#ff9d2e" stop-opacity=".25"/><stop offset="1" stop-color="#ff9d2e" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="ribbon" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff5a5a"/><stop offset=".55" stop-color="#c81e2c"/><stop offset="1" stop-color="#7c0a16"/></linearGradient>`,
    `<filter id="drop" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur in="SourceAlpha" stdDeviation="6"/><feOffset dy="8"/><feComponentTransfer><feFuncA type="linear" slope=".55"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
  ].join('');
  const body: string[] = [];
  body.push(`<circle cx="256" cy="250" r="250" fill="url(#aura)"/>`);
  body.push(`<g filter="url(#drop)">${place(emoji('crossed-swords'), { x: 256, y: 250, size: 500 })}</g>`);
  body.push(
    `<g filter="url(#drop)"><path d="${SHIELD}" fill="url(#enamel)" stroke="url(#gold)" stroke-width="20" stroke-linejoin="round"/>` +
      `<path d="${SHIELD}" fill="none" stroke="#5a2d00" stroke-opacity=".6" stroke-width="3" transform="translate(256 260) scale(.9) translate(-256 -260)"/>` +
      `<path d="M256 112C300 130 340 136 380 136V236C380 250 378 262 375 274C330 236 290 214 256 206C222 214 182 236 137 274C134 262 132 250 132 236V136C172 136 212 130 256 112Z" fill="#fff" opacity=".08"/></g>`,
  );
  body.push(
    `<g filter="url(#drop)"><path d="${letter}" fill="#4a2400" transform="translate(0 7)"/><path d="${letter}" fill="url(#goldText)" stroke="#7a3e00" stroke-width="6" stroke-linejoin="round" paint-order="stroke"/></g>`,
  );
  body.push(`<g filter="url(#drop)">${place(emoji('crown'), { x: 256, y: 86, size: 170 })}</g>`);
  if (withRibbon) {
    body.push(
      `<g filter="url(#drop)">` +
        `<path d="M86 372L30 384L52 414L26 446L102 440Z" fill="#8c0f1c" stroke="#4a0008" stroke-width="4" stroke-linejoin="round"/>` +
        `<path d="M426 372L482 384L460 414L486 446L410 440Z" fill="#8c0f1c" stroke="#4a0008" stroke-width="4" stroke-linejoin="round"/>` +
        `<path d="M70 366Q256 330 442 366L442 444Q256 408 70 444Z" fill="url(#ribbon)" stroke="url(#gold)" stroke-width="7" stroke-linejoin="round"/>` +
        `<g fill="#4a0a00" transform="translate(0 5)">${arcText('TITANS', 256, 434, 84, 32, 3)}</g>` +
        `<g fill="url(#goldText)" stroke="#6a2c00" stroke-width="5" paint-order="stroke" stroke-linejoin="round">${arcText('TITANS', 256, 430, 84, 32, 3)}</g>` +
        `</g>`,
    );
  }
  body.push(
    sparkle(410, 150, 20, '#fff', 0.95),
    sparkle(104, 196, 14, '#fff', 0.85),
    sparkle(388, 318, 10, '#fff', 0.8),
  );
  return { defs, body: body.join('') };
}

export function logoSvg(): string {
  resetIds();
  const { defs, body } = crest(true);
  return svgDocument(512, 512, `<defs>${defs}</defs>${body}`);
}

/** The square app icon: the crest without its ribbon on a deep violet field. */
export function appIconSvg(): string {
  resetIds();
  const { defs, body } = crest(false);
  const rays: string[] = [];
  for (let index = 0; index < 16; index++) {
    const a0 = (index * Math.PI * 2) / 16;
    const a1 = a0 + Math.PI / 16;
    rays.push(
      `M256 250L${n(256 + 420 * Math.cos(a0))} ${n(250 + 420 * Math.sin(a0))}L${n(256 + 420 * Math.cos(a1))} ${n(250 + 420 * Math.sin(a1))}Z`,
    );
  }
  return svgDocument(
    512,
    512,
    `<defs>${defs}<radialGradient id="field" cx="50%" cy="45%" r="70%"><stop offset="0" stop-color="#7b3fe4"/><stop offset=".55" stop-color="#35127a"/><stop offset="1" stop-color="#12052e"/></radialGradient>` +
      `<radialGradient id="rayFade" cx="50%" cy="49%" r="55%"><stop offset="0" stop-color="#fff" stop-opacity=".22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>` +
      `<rect width="512" height="512" fill="url(#field)"/><path d="${rays.join('')}" fill="url(#rayFade)"/>` +
      `<g transform="translate(256 258) scale(.9) translate(-256 -262)">${body}</g>`,
  );
}

export function faviconSvg(): string {
  resetIds();
  const typeface = displayFont();
  const t = textOutline(typeface, 'T', 0, 0, 40);
  const letter = textOutline(typeface, 'T', 32 - t.width / 2, 46, 40).d;
  const shield = 'M32 4C40 7.5 47 8.5 56 8.3V30C56 45 46 54 32 60C18 54 8 45 8 30V8.3C17 8.5 24 7.5 32 4Z';
  return svgDocument(
    64,
    64,
    `<defs><linearGradient id="gold" x1="0" y1="0" x2=".35" y2="1">${GOLD_STOPS}</linearGradient>` +
      `<radialGradient id="enamel" cx="50%" cy="35%" r="70%"><stop offset="0" stop-color="#7b48e6"/><stop offset="1" stop-color="#1e0d52"/></radialGradient></defs>` +
      `<path d="${shield}" fill="url(#enamel)" stroke="url(#gold)" stroke-width="4.5" stroke-linejoin="round"/>` +
      `<path d="${letter}" fill="#ffd447" stroke="#6a3000" stroke-width="2" paint-order="stroke" stroke-linejoin="round"/>`,
  );
}

/** A currency or stat icon: one glyph with a soft coloured glow, in a 128 box. */
function iconSvg(glyph: string, glow: string, extra = ''): string {
  resetIds();
  return svgDocument(
    128,
    128,
    `<defs><radialGradient id="glow"><stop offset="0" stop-color="${glow}" stop-opacity=".55"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>` +
      `<filter id="drop" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur in="SourceAlpha" stdDeviation="2.5"/><feOffset dy="3"/><feComponentTransfer><feFuncA type="linear" slope=".45"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter></defs>` +
      `<circle cx="64" cy="64" r="64" fill="url(#glow)"/>` +
      `<g filter="url(#drop)">${place(emoji(glyph), { x: 64, y: 63, size: 112 })}</g>${extra}`,
  );
}

export const UI_ART: Record<string, () => string> = {
  'logo.svg': logoSvg,
  'coin.svg': () => iconSvg('titans-coin', '#ffc83d'),
  'star.svg': () => iconSvg('titans-star', '#b46bff', sparkle(104, 24, 9, '#fff', 0.9)),
  'energy.svg': () => iconSvg('titans-bolt', '#ffd23f'),
  'trophy.svg': () =>
    iconSvg('trophy', '#ffc83d', sparkle(24, 30, 9, '#fff', 0.9) + sparkle(106, 48, 6, '#fff', 0.8)),
};
