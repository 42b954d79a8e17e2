/*
 * The "Titans Realms" backgrounds: 720x1280 portrait landscapes composed from layered SVG
 * (sky gradients, stars, moons and suns, mountain ridges, silhouettes, mist and particles).
 * Each realm is a function from a seed to a finished SVG document.
 */
import { gameIcon, n, place, type Random, random, resetIds, sparkle, svgDocument } from './art-kit.ts';

export const REALM_WIDTH = 720;
export const REALM_HEIGHT = 1280;
const W = REALM_WIDTH;
const H = REALM_HEIGHT;

type Stop = [offset: number, color: string, opacity?: number];

/** Collects <defs> and hands out ids that are unique inside one document. */
class Scene {
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private count = 0;
  constructor(readonly rng: Random) {}

  id(prefix: string) {
    return `${prefix}${(this.count++).toString(36)}`;
  }
  def(markup: string) {
    this.defs.push(markup);
  }
  add(...markup: string[]) {
    this.body.push(...markup);
  }
  linear(stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1, userSpace = false): string {
    const id = this.id('lg');
    const units = userSpace ? ' gradientUnits="userSpaceOnUse"' : '';
    this.def(
      `<linearGradient id="${id}"${units} x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsMarkup(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }
  radial(stops: Stop[], cx: number, cy: number, r: number): string {
    const id = this.id('rg');
    this.def(
      `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}">${stopsMarkup(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }
  blur(deviation: number): string {
    const id = this.id('bl');
    this.def(
      `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`,
    );
    return `url(#${id})`;
  }
  /** A glow: the graphic blurred under itself. */
  glow(deviation: number): string {
    const id = this.id('gl');
    this.def(
      `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${deviation}" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
    );
    return `url(#${id})`;
  }
  document() {
    return svgDocument(W, H, `<defs>${this.defs.join('')}</defs>${this.body.join('')}`);
  }
}

const stopsMarkup = (stops: Stop[]) =>
  stops
    .map(
      ([offset, color, opacity]) =>
        `<stop offset="${offset}" stop-color="${color}"${opacity === undefined ? '' : ` stop-opacity="${opacity}"`}/>`,
    )
    .join('');

// ---------------------------------------------------------------------------------------------
// Shared elements

function sky(scene: Scene, stops: Stop[]) {
  scene.add(`<rect width="${W}" height="${H}" fill="${scene.linear(stops)}"/>`);
}

function starfield(scene: Scene, count: number, maxY: number, color = '#fff', bright = 8) {
  const { rng } = scene;
  const dots: string[] = [];
  for (let index = 0; index < count; index++) {
    const y = rng.range(0, maxY) * rng.range(0.35, 1);
    dots.push(
      `<circle cx="${n(rng.range(0, W))}" cy="${n(y)}" r="${n(rng.range(0.5, 1.9))}" fill="${color}" opacity="${n(rng.range(0.25, 0.95) * (1 - (y / maxY) * 0.6))}"/>`,
    );
  }
  scene.add(`<g>${dots.join('')}</g>`);
  const glints: string[] = [];
  for (let index = 0; index < bright; index++) {
    const x = rng.range(20, W - 20);
    const y = rng.range(20, maxY * 0.7);
    glints.push(
      `<circle cx="${n(x)}" cy="${n(y)}" r="2.4" fill="#fff"/>`,
      sparkle(x, y, rng.range(7, 13), '#fff', rng.range(0.6, 0.95)),
    );
  }
  scene.add(`<g filter="${scene.glow(2)}">${glints.join('')}</g>`);
}

function halo(scene: Scene, cx: number, cy: number, r: number, color: string, opacity: number) {
  scene.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${scene.radial(
      [
        [0, color, opacity],
        [0.4, color, opacity * 0.35],
        [1, color, 0],
      ],
      cx,
      cy,
      r,
    )}"/>`,
  );
}

function fullMoon(scene: Scene, cx: number, cy: number, r: number, tint: string, shade: string) {
  halo(scene, cx, cy, r * 3.2, tint, 0.55);
  const fill = scene.radial(
    [
      [0, '#ffffff'],
      [0.7, tint],
      [1, shade],
    ],
    cx - r * 0.3,
    cy - r * 0.3,
    r * 1.5,
  );
  const { rng } = scene;
  const craters: string[] = [];
  for (let index = 0; index < 9; index++) {
    const angle = rng.range(0, Math.PI * 2);
    const distance = rng.range(0, r * 0.7);
    craters.push(
      `<circle cx="${n(cx + Math.cos(angle) * distance)}" cy="${n(cy + Math.sin(angle) * distance)}" r="${n(rng.range(r * 0.06, r * 0.17))}" fill="${shade}" opacity="${n(rng.range(0.18, 0.35))}"/>`,
    );
  }
  scene.add(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"/>`, `<g>${craters.join('')}</g>`);
}

function crescent(scene: Scene, cx: number, cy: number, r: number, color: string) {
  halo(scene, cx, cy, r * 3, color, 0.4);
  const mask = scene.id('mk');
  scene.def(
    `<mask id="${mask}"><rect width="${W}" height="${H}" fill="#fff"/><circle cx="${n(cx + r * 0.42)}" cy="${n(cy - r * 0.22)}" r="${n(r * 0.88)}" fill="#000"/></mask>`,
  );
  scene.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${color}" mask="url(#${mask})" filter="${scene.glow(6)}"/>`,
  );
}

type Peak = { x: number; height: number; width: number };

/** A ridge line: the base, minus a few peaks, plus jagged detail. */
function ridge(rng: Random, base: number, peaks: Peak[], roughness: number, steps = 96): [number, number][] {
  const points: [number, number][] = [];
  let wobble = 0;
  for (let index = 0; index <= steps; index++) {
    const x = -20 + ((W + 40) * index) / steps;
    let y = base;
    for (const peak of peaks) {
      const t = Math.max(0, 1 - Math.abs(x - peak.x) / peak.width);
      y -= peak.height * t ** 1.35;
    }
    wobble = wobble * 0.55 + rng.range(-1, 1) * roughness;
    points.push([x, y + wobble]);
  }
  return points;
}

const ridgePath = (points: [number, number][], bottom = H + 10) =>
  `M${points.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}L${W + 20} ${bottom}L-20 ${bottom}Z`;

const topOf = (points: [number, number][]) => Math.min(...points.map(([, y]) => y));

type MountainColors = { top: string; bottom: string; snow?: string; rim?: string };

type MountainOptions = { texture?: number; snowAbove?: number };

function mountains(
  scene: Scene,
  base: number,
  peaks: Peak[],
  roughness: number,
  colors: MountainColors,
  options: MountainOptions = {},
) {
  return drawRidge(scene, ridge(scene.rng, base, peaks, roughness), base, colors, options);
}

/** A mountain with its top cut flat at `top`, wide enough for a castle or a temple. */
function mesa(
  scene: Scene,
  cx: number,
  top: number,
  width: number,
  base: number,
  colors: MountainColors,
  options: MountainOptions = {},
) {
  const points = ridge(scene.rng, base, [{ x: cx, height: (base - top) * 1.3, width: width * 1.8 }], 5).map(
    ([x, y]): [number, number] => [x, Math.max(y, top)],
  );
  return drawRidge(scene, points, base, colors, options);
}

function drawRidge(
  scene: Scene,
  points: [number, number][],
  base: number,
  colors: MountainColors,
  options: MountainOptions,
) {
  const top = topOf(points);
  const d = ridgePath(points);
  const fill = scene.linear(
    [
      [0, colors.top],
      [1, colors.bottom],
    ],
    0,
    top,
    0,
    base + 260,
    true,
  );
  scene.add(`<path d="${d}" fill="${fill}"/>`);
  if (options.texture) texture(scene, d, options.texture, [0.006, 0.03], Math.floor(scene.rng.range(1, 999)));
  if (colors.snow) snowCaps(scene, points, base, options.snowAbove ?? 120, colors.snow);
  if (colors.rim) {
    scene.add(
      `<path d="M${points.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}" fill="none" stroke="${colors.rim}" stroke-width="2" stroke-opacity=".55"/>`,
    );
  }
  return points;
}

function mist(scene: Scene, y: number, height: number, color: string, opacity: number) {
  const fill = scene.linear([
    [0, color, 0],
    [0.5, color, opacity],
    [1, color, 0],
  ]);
  scene.add(
    `<rect x="-40" y="${n(y - height / 2)}" width="${W + 80}" height="${n(height)}" fill="${fill}"/>`,
  );
  const { rng } = scene;
  const puffs: string[] = [];
  for (let index = 0; index < 7; index++) {
    puffs.push(
      `<ellipse cx="${n(rng.range(-50, W + 50))}" cy="${n(y + rng.range(-height / 4, height / 4))}" rx="${n(rng.range(110, 220))}" ry="${n(rng.range(18, 38))}" fill="${color}" opacity="${n(opacity * rng.range(0.5, 1))}"/>`,
    );
  }
  scene.add(`<g filter="${scene.blur(16)}">${puffs.join('')}</g>`);
}

/** Darkens the top (for the coin counter) and the bottom (for the navigation bar), plus a vignette. */
function finish(scene: Scene, strength = 1) {
  scene.add(
    `<rect width="${W}" height="${H}" fill="${scene.linear([
      [0, '#000', 0.45 * strength],
      [0.14, '#000', 0],
      [0.78, '#000', 0],
      [1, '#000', 0.6 * strength],
    ])}"/>`,
    `<rect width="${W}" height="${H}" fill="${scene.radial(
      [
        [0.55, '#000', 0],
        [1, '#000', 0.45 * strength],
      ],
      W / 2,
      H * 0.48,
      H * 0.62,
    )}"/>`,
  );
}

function castle(scene: Scene, cx: number, base: number, s: number, fill: string, light: string) {
  const { rng } = scene;
  const parts: string[] = [];
  const windows: string[] = [];
  const rect = (x: number, y: number, w: number, h: number) =>
    parts.push(
      `<rect x="${n(cx + x * s)}" y="${n(base - y * s)}" width="${n(w * s)}" height="${n(h * s)}"/>`,
    );
  const battlement = (x: number, y: number, w: number) => {
    for (let bx = x; bx < x + w - 4; bx += 12) rect(bx, y + 8, 7, 8);
  };
  const tower = (x: number, w: number, h: number, roof: number, flag: boolean) => {
    rect(x, h, w, h + 40);
    const left = cx + x * s;
    const top = base - h * s;
    parts.push(
      `<path d="M${n(left - 5 * s)} ${n(top)}L${n(left + (w * s) / 2)} ${n(top - roof * s)}L${n(left + w * s + 5 * s)} ${n(top)}Z"/>`,
    );
    if (flag) {
      const px = left + (w * s) / 2;
      const py = top - roof * s;
      parts.push(
        `<path d="M${n(px - 1.2 * s)} ${n(py)}h${n(2.4 * s)}v${n(-26 * s)}h${n(-2.4 * s)}z"/>`,
        `<path d="M${n(px + 1 * s)} ${n(py - 26 * s)}l${n(22 * s)} ${n(6 * s)}l${n(-22 * s)} ${n(7 * s)}z"/>`,
      );
    }
    for (let wy = h - 30; wy > 40; wy -= rng.range(42, 70)) {
      if (rng.next() < 0.75) windows.push(windowAt(x + w / 2 - 4, wy, 8, 14));
    }
  };
  const windowAt = (x: number, y: number, w: number, h: number) =>
    `<path d="M${n(cx + x * s)} ${n(base - (y - h) * s)}v${n(-(h - w / 2) * s)}a${n((w / 2) * s)} ${n((w / 2) * s)} 0 0 1 ${n(w * s)} 0v${n((h - w / 2) * s)}z"/>`;

  rect(-170, 90, 340, 130); // outer wall
  battlement(-170, 90, 340);
  rect(-70, 190, 140, 230); // keep
  battlement(-70, 190, 140);
  tower(-200, 44, 170, 80, true);
  tower(156, 44, 170, 80, true);
  tower(-110, 40, 250, 90, true);
  tower(70, 40, 250, 90, true);
  tower(-22, 44, 300, 120, true);
  for (let index = 0; index < 7; index++) {
    windows.push(windowAt(rng.range(-60, 50), rng.range(90, 170), 9, 15));
  }
  windows.push(windowAt(-14, 60, 28, 46)); // the gate, lit from inside
  scene.add(`<g fill="${fill}">${parts.join('')}</g>`);
  scene.add(`<g fill="${light}" filter="${scene.glow(4)}">${windows.join('')}</g>`);
}

function pine(x: number, base: number, height: number): string {
  const w = height * 0.42;
  const tiers = 4;
  const parts: string[] = [];
  for (let tier = 0; tier < tiers; tier++) {
    const top = base - height + (tier * height * 0.75) / tiers;
    const bottom = top + height * 0.38;
    const half = (w / 2) * (0.45 + (tier / tiers) * 0.6);
    parts.push(`M${n(x)} ${n(top)}L${n(x + half)} ${n(bottom)}L${n(x - half)} ${n(bottom)}Z`);
  }
  parts.push(
    `M${n(x - height * 0.03)} ${n(base - height * 0.2)}h${n(height * 0.06)}V${n(base + 4)}h${n(-height * 0.06)}Z`,
  );
  return parts.join('');
}

function forestRow(scene: Scene, base: number, heights: [number, number], spacing: number, fill: string) {
  const { rng } = scene;
  const paths: string[] = [];
  for (let x = -20; x < W + 30; x += spacing * rng.range(0.6, 1.2)) {
    paths.push(pine(x, base + rng.range(-12, 12), rng.range(...heights)));
  }
  scene.add(
    `<path d="${paths.join('')}" fill="${fill}"/>`,
    `<rect x="-10" y="${n(base)}" width="${W + 20}" height="${H - base + 10}" fill="${fill}"/>`,
  );
}

function particles(
  scene: Scene,
  count: number,
  area: { top: number; bottom: number },
  colors: string[],
  size: [number, number],
  glow = 3,
) {
  const { rng } = scene;
  const dots: string[] = [];
  for (let index = 0; index < count; index++) {
    dots.push(
      `<circle cx="${n(rng.range(0, W))}" cy="${n(rng.range(area.top, area.bottom))}" r="${n(rng.range(...size))}" fill="${rng.pick(colors)}" opacity="${n(rng.range(0.45, 1))}"/>`,
    );
  }
  scene.add(`<g filter="${scene.glow(glow)}">${dots.join('')}</g>`);
}

/** A smooth curve through the points (Catmull-Rom turned into cubic Béziers). */
function smooth(points: [number, number][]): string {
  const parts = [`M${n(points[0]![0])} ${n(points[0]![1])}`];
  for (let index = 0; index < points.length - 1; index++) {
    const p0 = points[index - 1] ?? points[index]!;
    const p1 = points[index]!;
    const p2 = points[index + 1]!;
    const p3 = points[index + 2] ?? p2;
    parts.push(
      `C${n(p1[0] + (p2[0] - p0[0]) / 6)} ${n(p1[1] + (p2[1] - p0[1]) / 6)} ${n(p2[0] - (p3[0] - p1[0]) / 6)} ${n(p2[1] - (p3[1] - p1[1]) / 6)} ${n(p2[0])} ${n(p2[1])}`,
    );
  }
  return parts.join('');
}

/**
 * Fractal-noise clouds in a horizontal band: feTurbulence turned into alpha, cut to the band,
 * in one colour, with a lighter copy nudged up for a lit upper edge.
 */
function noiseClouds(
  scene: Scene,
  band: { y: number; height: number },
  colors: { body: string; light?: string },
  options: { opacity: number; frequency: [number, number]; cover: number; seed: number },
) {
  const top = band.y - band.height / 2;
  const mask = scene.linear([
    [0, '#fff', 0],
    [0.35, '#fff', 1],
    [0.65, '#fff', 1],
    [1, '#fff', 0],
  ]);
  const filter = (color: string, dy: number) => {
    const id = scene.id('nz');
    const [r, g, b] = hexToRgb(color);
    scene.def(
      `<filter id="${id}" filterUnits="userSpaceOnUse" x="0" y="${n(top)}" width="${W}" height="${n(band.height)}" color-interpolation-filters="sRGB">` +
        `<feTurbulence type="fractalNoise" baseFrequency="${options.frequency[0]} ${options.frequency[1]}" numOctaves="4" seed="${options.seed}"/>` +
        `<feColorMatrix type="matrix" values="0 0 0 0 ${n(r)} 0 0 0 0 ${n(g)} 0 0 0 0 ${n(b)} ${n(4.2)} 0 0 0 ${n(-4.2 * (1 - options.cover))}"/>` +
        `<feOffset dy="${dy}"/><feComposite in2="SourceGraphic" operator="in"/></filter>`,
    );
    return `url(#${id})`;
  };
  if (colors.light) {
    scene.add(
      `<rect x="0" y="${n(top)}" width="${W}" height="${n(band.height)}" fill="${mask}" filter="${filter(colors.light, -4)}" opacity="${options.opacity}"/>`,
    );
  }
  scene.add(
    `<rect x="0" y="${n(top)}" width="${W}" height="${n(band.height)}" fill="${mask}" filter="${filter(colors.body, 0)}" opacity="${options.opacity}"/>`,
  );
}

/** Darkens a shape with soft noise, so flat fills read as rock, sand or foliage. */
function texture(scene: Scene, d: string, strength: number, frequency: [number, number], seed: number) {
  const id = scene.id('tx');
  scene.def(
    `<filter id="${id}" x="0" y="0" width="100%" height="100%" color-interpolation-filters="sRGB">` +
      `<feTurbulence type="fractalNoise" baseFrequency="${frequency[0]} ${frequency[1]}" numOctaves="3" seed="${seed}"/>` +
      `<feColorMatrix type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 ${n(strength * 2.5)} 0 0 0 ${n(-strength * 0.9)}"/>` +
      `<feComposite in2="SourceGraphic" operator="in"/></filter>`,
  );
  scene.add(`<path d="${d}" fill="#000" filter="url(#${id})"/>`);
}

function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255];
}

/** White caps on the high parts of a ridge. */
function snowCaps(scene: Scene, points: [number, number][], base: number, above: number, color: string) {
  const { rng } = scene;
  const lower = points.map(([x, y]): [number, number] => {
    const height = base - y - above;
    const depth = height > 0 ? Math.min(170, height * 0.55) * rng.range(0.7, 1.1) : 0;
    return [x, y + depth];
  });
  const d = `M${points.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}L${lower
    .reverse()
    .map(([x, y]) => `${n(x)} ${n(y)}`)
    .join('L')}Z`;
  const top = topOf(points);
  scene.add(
    `<path d="${d}" fill="${scene.linear(
      [
        [0, '#ffffff'],
        [1, color],
      ],
      0,
      top,
      0,
      top + 220,
      true,
    )}" opacity=".95"/>`,
  );
}

// ---------------------------------------------------------------------------------------------
// The realms

function twilight(scene: Scene) {
  sky(scene, [
    [0, '#0b0826'],
    [0.3, '#241652'],
    [0.5, '#57287a'],
    [0.62, '#b2467c'],
    [0.7, '#f07e6a'],
    [0.78, '#ffc07a'],
  ]);
  starfield(scene, 230, 700, '#fff', 10);
  crescent(scene, 540, 250, 62, '#fff1c9');
  noiseClouds(
    scene,
    { y: 560, height: 280 },
    { body: '#a8437a', light: '#ffb39a' },
    { opacity: 0.7, frequency: [0.004, 0.02], cover: 0.45, seed: 7 },
  );
  mountains(
    scene,
    860,
    [
      { x: 90, height: 250, width: 260 },
      { x: 420, height: 180, width: 220 },
      { x: 680, height: 300, width: 240 },
    ],
    7,
    { top: '#8a4f9e', bottom: '#3a1f5e', rim: '#ffc6a8' },
    { texture: 0.3 },
  );
  mist(scene, 830, 120, '#ffb3c1', 0.35);
  mountains(
    scene,
    960,
    [
      { x: 180, height: 170, width: 260 },
      { x: 700, height: 120, width: 200 },
    ],
    5,
    { top: '#3d2466', bottom: '#1b0f36' },
    { texture: 0.3 },
  );
  mesa(scene, 470, 742, 220, 1000, { top: '#34205e', bottom: '#170c30', rim: '#e7a0c8' }, { texture: 0.3 });
  castle(scene, 470, 742, 0.5, '#1b0f36', '#ffc868');
  mist(scene, 960, 140, '#d98bc4', 0.3);
  mountains(
    scene,
    1080,
    [
      { x: 40, height: 150, width: 240 },
      { x: 640, height: 170, width: 260 },
    ],
    6,
    { top: '#1c1038', bottom: '#0b0619' },
  );
  mountains(
    scene,
    1220,
    [
      { x: -20, height: 190, width: 200 },
      { x: 760, height: 230, width: 240 },
    ],
    9,
    { top: '#0a0517', bottom: '#040209' },
  );
  particles(scene, 40, { top: 800, bottom: 1220 }, ['#ffd28a', '#ff9bd0'], [1, 2.6], 3);
  finish(scene);
}

function moonlitCitadel(scene: Scene) {
  sky(scene, [
    [0, '#02061a'],
    [0.35, '#0a1d4a'],
    [0.58, '#1d4a8c'],
    [0.72, '#4f86c6'],
  ]);
  starfield(scene, 260, 800, '#dce9ff', 12);
  fullMoon(scene, 380, 400, 150, '#e4efff', '#9cb3d8');
  noiseClouds(
    scene,
    { y: 500, height: 260 },
    { body: '#0c2150', light: '#9db9ea' },
    { opacity: 0.9, frequency: [0.004, 0.022], cover: 0.42, seed: 11 },
  );
  mountains(
    scene,
    880,
    [
      { x: 60, height: 230, width: 240 },
      { x: 660, height: 260, width: 260 },
    ],
    6,
    { top: '#4f77b0', bottom: '#1e3b6e', rim: '#cfe0ff', snow: '#bcd3f2' },
    { texture: 0.3, snowAbove: 110 },
  );
  mist(scene, 860, 130, '#a9c6f0', 0.3);
  mesa(scene, 360, 802, 360, 1060, { top: '#1a3566', bottom: '#0a1833', rim: '#8fb1e8' }, { texture: 0.3 });
  castle(scene, 360, 802, 0.88, '#0b1836', '#ffd98a');
  mist(scene, 1000, 150, '#7fa3d9', 0.3);
  mountains(
    scene,
    1150,
    [
      { x: 0, height: 220, width: 260 },
      { x: 720, height: 250, width: 280 },
    ],
    8,
    { top: '#081329', bottom: '#030812' },
  );
  particles(scene, 30, { top: 700, bottom: 1200 }, ['#cfe0ff'], [0.8, 2], 2);
  finish(scene);
}

function emberForge(scene: Scene) {
  const { rng } = scene;
  sky(scene, [
    [0, '#240707'],
    [0.25, '#5a120b'],
    [0.45, '#a8290e'],
    [0.6, '#ec5a18'],
    [0.72, '#ffb347'],
  ]);
  starfield(scene, 50, 300, '#ffd2b0', 3);
  // Smoke plume rising from the crater.
  const smoke: string[] = [];
  for (let index = 0; index < 14; index++) {
    const t = index / 13;
    smoke.push(
      `<ellipse cx="${n(360 + Math.sin(t * 4) * 60 * t + rng.range(-30, 30))}" cy="${n(470 - t * 430)}" rx="${n(60 + t * 170)}" ry="${n(45 + t * 80)}" fill="${rng.pick(['#2a0d0a', '#3b1410', '#1c0806'])}" opacity="${n(0.7 - t * 0.4)}"/>`,
    );
  }
  scene.add(`<g filter="${scene.blur(18)}">${smoke.join('')}</g>`);
  noiseClouds(
    scene,
    { y: 250, height: 420 },
    { body: '#2a0c09', light: '#ff8a3d' },
    { opacity: 0.6, frequency: [0.006, 0.016], cover: 0.45, seed: 5 },
  );
  halo(scene, 360, 520, 280, '#ff7a1a', 0.7);
  // Wyverns circling the eruption.
  const wyvern = gameIcon('wyvern');
  scene.add(
    place(wyvern, { x: 150, y: 420, size: 130, color: '#1a0403', opacity: 0.9, rotate: -8 }),
    place(wyvern, { x: 570, y: 330, size: 90, color: '#1a0403', opacity: 0.85, flip: true, rotate: 10 }),
    place(wyvern, { x: 620, y: 500, size: 58, color: '#240705', opacity: 0.75, flip: true }),
  );
  mountains(
    scene,
    900,
    [
      { x: 80, height: 200, width: 240 },
      { x: 690, height: 230, width: 250 },
    ],
    7,
    { top: '#5a1810', bottom: '#2a0906', rim: '#ff9a4d' },
    { texture: 0.35 },
  );
  // The volcano.
  const cone = 'M20 1000C170 880 262 660 300 548Q360 520 420 548C458 660 550 880 700 1000Z';
  scene.add(
    `<path d="${cone}" fill="${scene.linear([
      [0, '#4a150d'],
      [0.5, '#260906'],
      [1, '#120403'],
    ])}"/>`,
  );
  texture(scene, cone, 0.45, [0.01, 0.04], 21);
  const lava = [
    'M330 548C320 640 280 700 250 780S200 900 180 980',
    'M365 550C372 650 400 720 390 800S420 900 440 980',
    'M395 548C430 620 470 680 520 760S580 900 600 980',
  ];
  scene.add(
    `<g fill="none" stroke-linecap="round"><g stroke="#ff5a0a" stroke-width="16" filter="${scene.blur(7)}" opacity=".9">${lava.map((d) => `<path d="${d}"/>`).join('')}</g>` +
      `<g stroke="#ffc14d" stroke-width="5">${lava.map((d) => `<path d="${d}"/>`).join('')}</g></g>`,
    `<ellipse cx="360" cy="540" rx="62" ry="14" fill="#ffd166" filter="${scene.glow(8)}"/>`,
  );
  const spray: string[] = [];
  for (let index = 0; index < 40; index++) {
    const angle = rng.range(-Math.PI * 0.85, -Math.PI * 0.15);
    const distance = rng.range(20, 170);
    spray.push(
      `<circle cx="${n(360 + Math.cos(angle) * distance)}" cy="${n(530 + Math.sin(angle) * distance)}" r="${n(rng.range(1.5, 4.5))}" fill="${rng.pick(['#ffd166', '#ff8a1f', '#fff1b0'])}"/>`,
    );
  }
  scene.add(`<g filter="${scene.glow(3)}">${spray.join('')}</g>`);
  mist(scene, 960, 120, '#ff6a2a', 0.25);
  mountains(
    scene,
    1090,
    [
      { x: 30, height: 170, width: 230 },
      { x: 700, height: 200, width: 240 },
    ],
    12,
    { top: '#1e0705', bottom: '#0b0202', rim: '#ff7a2a' },
    { texture: 0.4 },
  );
  const river = 'M-20 1180C120 1150 200 1210 330 1175S560 1130 740 1170';
  scene.add(
    `<path d="${river}" stroke="#ff4d00" stroke-width="42" fill="none" filter="${scene.blur(14)}" opacity=".9"/>`,
    `<path d="${river}" stroke="#ffb040" stroke-width="12" fill="none"/>`,
    `<path d="${river}" stroke="#fff0b0" stroke-width="3" fill="none"/>`,
  );
  mountains(scene, 1270, [{ x: 360, height: 40, width: 500 }], 10, { top: '#120403', bottom: '#050101' });
  particles(scene, 130, { top: 80, bottom: 1250 }, ['#ffb347', '#ff7a1a', '#ffe08a'], [0.8, 2.8], 3);
  finish(scene);
}

function frostPeaks(scene: Scene) {
  const { rng } = scene;
  sky(scene, [
    [0, '#010611'],
    [0.35, '#052036'],
    [0.6, '#0b4a61'],
    [0.72, '#4d9bb0'],
  ]);
  starfield(scene, 240, 760, '#e6fbff', 10);
  const bands = [
    { y: 250, amp: 70, color: '#5cffb0', width: 90 },
    { y: 340, amp: 60, color: '#3de3d0', width: 70 },
    { y: 190, amp: 50, color: '#b07cff', width: 50 },
  ];
  for (const band of bands) {
    const phase = rng.range(0, Math.PI * 2);
    const points: string[] = [];
    for (let x = -40; x <= W + 40; x += 40) {
      points.push(`${x} ${n(band.y + Math.sin(x / 140 + phase) * band.amp + Math.sin(x / 53) * 12)}`);
    }
    const d = `M${points.join('L')}`;
    scene.add(
      `<path d="${d}" fill="none" stroke="${band.color}" stroke-width="${band.width}" opacity=".45" filter="${scene.blur(22)}"/>`,
      `<path d="${d}" fill="none" stroke="${band.color}" stroke-width="${band.width / 5}" opacity=".5" filter="${scene.blur(5)}"/>`,
    );
  }
  const streaks: string[] = [];
  for (let index = 0; index < 60; index++) {
    const x = rng.range(0, W);
    const y = 260 + Math.sin(x / 140) * 60;
    streaks.push(
      `<rect x="${n(x)}" y="${n(y - 160)}" width="${n(rng.range(2, 6))}" height="${n(rng.range(120, 220))}" fill="#7dffc4" opacity="${n(rng.range(0.05, 0.18))}"/>`,
    );
  }
  scene.add(`<g filter="${scene.blur(3)}">${streaks.join('')}</g>`);
  mountains(
    scene,
    860,
    [
      { x: 130, height: 330, width: 230 },
      { x: 430, height: 260, width: 220 },
      { x: 690, height: 380, width: 230 },
    ],
    6,
    { top: '#5b8fb0', bottom: '#1d4560', snow: '#b9dcef', rim: '#e8fbff' },
    { texture: 0.3, snowAbove: 90 },
  );
  mist(scene, 850, 120, '#bfe8f5', 0.35);
  mountains(
    scene,
    990,
    [
      { x: 300, height: 280, width: 200 },
      { x: 20, height: 150, width: 200 },
      { x: 620, height: 200, width: 200 },
    ],
    5,
    { top: '#2f6585', bottom: '#0f2c42', snow: '#9fcbe3' },
    { texture: 0.35, snowAbove: 70 },
  );
  mist(scene, 990, 140, '#a8dcef', 0.3);
  mountains(
    scene,
    1140,
    [
      { x: 0, height: 230, width: 250 },
      { x: 720, height: 260, width: 270 },
    ],
    8,
    { top: '#143a55', bottom: '#061523', snow: '#7fb5d2' },
    { texture: 0.35, snowAbove: 60 },
  );
  particles(scene, 160, { top: 0, bottom: H }, ['#ffffff', '#dff6ff'], [0.8, 3], 1.5);
  finish(scene);
}

function emeraldWilds(scene: Scene) {
  const { rng } = scene;
  sky(scene, [
    [0, '#041420'],
    [0.3, '#0d3338'],
    [0.47, '#2c6a58'],
    [0.57, '#b9b46a'],
    [0.63, '#ffd98a'],
  ]);
  starfield(scene, 110, 460, '#f6ffe0', 6);
  halo(scene, 380, 760, 440, '#ffe9a0', 0.75);
  noiseClouds(
    scene,
    { y: 470, height: 240 },
    { body: '#1d4a48', light: '#ffd98a' },
    { opacity: 0.6, frequency: [0.004, 0.02], cover: 0.42, seed: 17 },
  );
  const beams: string[] = [];
  for (let index = 0; index < 7; index++) {
    const angle = ((-150 + index * 18 + rng.range(-4, 4)) * Math.PI) / 180;
    const spread = 0.045;
    beams.push(
      `M380 780L${n(380 + Math.cos(angle - spread) * 1100)} ${n(780 + Math.sin(angle - spread) * 1100)}L${n(380 + Math.cos(angle + spread) * 1100)} ${n(780 + Math.sin(angle + spread) * 1100)}Z`,
    );
  }
  scene.add(
    `<path d="${beams.join('')}" fill="${scene.radial(
      [
        [0, '#fff8c4', 0.22],
        [1, '#fff8c4', 0],
      ],
      380,
      780,
      800,
    )}" filter="${scene.blur(8)}"/>`,
  );
  mountains(
    scene,
    800,
    [
      { x: 140, height: 200, width: 260 },
      { x: 600, height: 240, width: 260 },
    ],
    5,
    { top: '#6f9a7a', bottom: '#3d6b55' },
    { texture: 0.2 },
  );
  mist(scene, 790, 120, '#ffe7a8', 0.45);
  forestRow(scene, 840, [80, 140], 30, '#3a7457');
  mist(scene, 850, 120, '#d9f0b0', 0.4);
  forestRow(scene, 930, [140, 220], 44, '#1f4f38');
  mist(scene, 935, 130, '#b7dd9a', 0.3);
  forestRow(scene, 1040, [200, 300], 68, '#0e2e20');
  mist(scene, 1050, 110, '#8fc48a', 0.18);
  const tree = gameIcon('pine-tree');
  scene.add(
    place(tree, { x: 30, y: 900, size: 540, color: '#04120b' }),
    place(tree, { x: 700, y: 870, size: 580, color: '#04120b', flip: true }),
    `<rect x="-10" y="1140" width="${W + 20}" height="150" fill="#04120b"/>`,
  );
  particles(scene, 80, { top: 560, bottom: 1200 }, ['#e9ff7a', '#fff59a', '#b8ff6a'], [1.2, 3.2], 4);
  finish(scene);
}

function goldenDunes(scene: Scene) {
  const { rng } = scene;
  sky(scene, [
    [0, '#1f0b40'],
    [0.28, '#5a1f69'],
    [0.45, '#c2416a'],
    [0.58, '#ff8a4a'],
    [0.66, '#ffd27a'],
  ]);
  starfield(scene, 70, 380, '#ffe9d0', 4);
  halo(scene, 360, 770, 480, '#ffd27a', 0.75);
  scene.add(`<circle cx="360" cy="770" r="120" fill="#fff1c4" filter="${scene.glow(10)}"/>`);
  noiseClouds(
    scene,
    { y: 600, height: 240 },
    { body: '#b84a6a', light: '#ffd08a' },
    { opacity: 0.7, frequency: [0.003, 0.024], cover: 0.42, seed: 23 },
  );
  const birds: string[] = [];
  for (let index = 0; index < 9; index++) {
    const x = rng.range(120, 620);
    const y = rng.range(380, 560);
    const s = rng.range(6, 13);
    birds.push(
      `M${n(x - s)} ${n(y - s * 0.4)}Q${n(x - s / 2)} ${n(y - s * 0.7)} ${n(x)} ${n(y)}Q${n(x + s / 2)} ${n(y - s * 0.7)} ${n(x + s)} ${n(y - s * 0.4)}`,
    );
  }
  scene.add(
    `<path d="${birds.join('')}" stroke="#3b1230" stroke-width="2.4" fill="none" stroke-linecap="round"/>`,
  );
  const pyramid = (cx: number, base: number, width: number, height: number, light: string, dark: string) => {
    scene.add(
      `<path d="M${n(cx - width / 2)} ${n(base)}L${n(cx)} ${n(base - height)}L${n(cx + width * 0.12)} ${n(base)}Z" fill="${light}"/>`,
      `<path d="M${n(cx + width * 0.12)} ${n(base)}L${n(cx)} ${n(base - height)}L${n(cx + width / 2)} ${n(base)}Z" fill="${dark}"/>`,
    );
  };
  pyramid(170, 900, 300, 190, '#d0784a', '#8c3f2a');
  pyramid(560, 910, 360, 240, '#c96d40', '#7d3523');
  pyramid(400, 905, 160, 100, '#e08a56', '#9a4a30');
  mist(scene, 890, 90, '#ffb27a', 0.45);
  const dune = (base: number, amp: number, colors: [string, string], crest: string) => {
    const points: [number, number][] = [];
    for (let x = -60; x <= W + 60; x += rng.range(150, 230)) points.push([x, base - rng.range(0, amp)]);
    points.push([W + 80, base - rng.range(0, amp)]);
    const line = smooth(points);
    const d = `${line}L${W + 80} ${H + 10}L-60 ${H + 10}Z`;
    scene.add(
      `<path d="${d}" fill="${scene.linear(
        [
          [0, colors[0]],
          [1, colors[1]],
        ],
        0,
        base - amp,
        0,
        base + 260,
        true,
      )}"/>`,
    );
    texture(scene, d, 0.14, [0.006, 0.16], Math.floor(rng.range(1, 999)));
    scene.add(`<path d="${line}" fill="none" stroke="${crest}" stroke-width="3" stroke-opacity=".7"/>`);
  };
  dune(960, 70, ['#e8a058', '#a85a2c'], '#ffd9a0');
  dune(1050, 90, ['#c4743a', '#6e3219'], '#ffc07a');
  dune(1150, 100, ['#8a4220', '#3a160a'], '#e08a4a');
  dune(1250, 80, ['#4a1f0e', '#1c0904'], '#a0522d');
  particles(scene, 60, { top: 850, bottom: 1250 }, ['#ffe2a8', '#ffc477'], [0.6, 1.8], 1.5);
  finish(scene);
}

function sakuraValley(scene: Scene) {
  const { rng } = scene;
  sky(scene, [
    [0, '#1e1238'],
    [0.3, '#4e2a6e'],
    [0.5, '#b8659a'],
    [0.64, '#f7b3c8'],
    [0.72, '#ffe1e6'],
  ]);
  starfield(scene, 90, 420, '#fff0f6', 5);
  halo(scene, 250, 470, 300, '#fff0e8', 0.55);
  scene.add(`<circle cx="250" cy="470" r="110" fill="#fff4ec" opacity=".95" filter="${scene.glow(8)}"/>`);
  noiseClouds(
    scene,
    { y: 560, height: 240 },
    { body: '#d27aa6', light: '#fff0f5' },
    { opacity: 0.7, frequency: [0.004, 0.022], cover: 0.42, seed: 29 },
  );
  mountains(
    scene,
    900,
    [
      { x: 420, height: 420, width: 330 },
      { x: 40, height: 120, width: 200 },
    ],
    3,
    { top: '#9a6fa0', bottom: '#5d3a6e', snow: '#f1d7ec' },
    { texture: 0.25, snowAbove: 200 },
  );
  mist(scene, 880, 130, '#ffd6e6', 0.45);
  mountains(
    scene,
    1000,
    [
      { x: 120, height: 90, width: 200 },
      { x: 700, height: 110, width: 200 },
    ],
    4,
    { top: '#6b3f76', bottom: '#341c45' },
    { texture: 0.25 },
  );
  mesa(scene, 575, 800, 160, 1040, { top: '#5a3468', bottom: '#2c163a', rim: '#ffc2dc' }, { texture: 0.25 });
  scene.add(place(gameIcon('pagoda'), { x: 575, y: 682, size: 250, color: '#2a1436' }));
  const lanterns: string[] = [];
  for (let index = 0; index < 6; index++) {
    lanterns.push(
      `<circle cx="${n(575 + rng.range(-60, 60))}" cy="${n(800 - rng.range(30, 200))}" r="${n(rng.range(2.5, 4))}" fill="#ffcf7a"/>`,
    );
  }
  scene.add(`<g filter="${scene.glow(4)}">${lanterns.join('')}</g>`);
  mist(scene, 1010, 150, '#f3b6d0', 0.3);
  mountains(
    scene,
    1150,
    [
      { x: 0, height: 200, width: 260 },
      { x: 720, height: 150, width: 260 },
    ],
    6,
    { top: '#2f1740', bottom: '#12081c' },
  );
  const blossom = (cx: number, cy: number, radius: number, count: number) => {
    const puffs: string[] = [];
    for (let index = 0; index < count; index++) {
      const angle = rng.range(0, Math.PI * 2);
      const distance = Math.sqrt(rng.next()) * radius;
      const y = cy + Math.sin(angle) * distance * 0.6;
      const shade =
        y > cy + radius * 0.2 ? ['#c9577f', '#d9699a'] : ['#ff9cc2', '#ffb8d3', '#ffd0e1', '#f77fae'];
      puffs.push(
        `<circle cx="${n(cx + Math.cos(angle) * distance)}" cy="${n(y)}" r="${n(rng.range(radius * 0.08, radius * 0.17))}" fill="${rng.pick(shade)}"/>`,
      );
    }
    return puffs.join('');
  };
  scene.add(
    `<path d="M-20 1290C20 1150 30 1050 90 960M60 1020C120 990 160 960 210 900M40 1100C0 1060-20 1040-40 1030" stroke="#1c0b1f" stroke-width="18" fill="none" stroke-linecap="round"/>`,
    `<path d="M740 1290C700 1170 690 1090 640 1010M670 1060C610 1040 580 1010 540 960" stroke="#1c0b1f" stroke-width="16" fill="none" stroke-linecap="round"/>`,
    `<path d="M-20 40C60 70 120 120 170 190M60 80C90 60 130 50 180 60" stroke="#1c0b1f" stroke-width="12" fill="none" stroke-linecap="round"/>`,
    `<g>${blossom(100, 930, 150, 90)}${blossom(230, 895, 90, 50)}${blossom(630, 990, 140, 90)}${blossom(520, 955, 80, 45)}${blossom(90, 90, 130, 70)}${blossom(190, 170, 70, 35)}</g>`,
  );
  const petals: string[] = [];
  for (let index = 0; index < 70; index++) {
    petals.push(
      `<ellipse cx="0" cy="0" rx="${n(rng.range(3, 6))}" ry="${n(rng.range(1.6, 3))}" fill="${rng.pick(['#ffc2d8', '#ff9cc2', '#fff0f6'])}" opacity="${n(rng.range(0.55, 1))}" transform="translate(${n(rng.range(0, W))} ${n(rng.range(200, H))}) rotate(${n(rng.range(0, 180))})"/>`,
    );
  }
  scene.add(`<g>${petals.join('')}</g>`);
  finish(scene);
}

function astralThrone(scene: Scene) {
  const { rng } = scene;
  sky(scene, [
    [0, '#04010d'],
    [0.4, '#170532'],
    [0.7, '#2b0a4f'],
    [1, '#0c0320'],
  ]);
  const nebula: string[] = [];
  for (let index = 0; index < 14; index++) {
    nebula.push(
      `<ellipse cx="${n(rng.range(-50, W + 50))}" cy="${n(rng.range(100, 900))}" rx="${n(rng.range(120, 300))}" ry="${n(rng.range(60, 160))}" fill="${rng.pick(['#c026d3', '#7c3aed', '#22d3ee', '#db2777', '#4f46e5'])}" opacity="${n(rng.range(0.18, 0.42))}" transform="rotate(${n(rng.range(-35, 35))})"/>`,
    );
  }
  scene.add(`<g filter="${scene.blur(40)}">${nebula.join('')}</g>`);
  noiseClouds(
    scene,
    { y: 380, height: 560 },
    { body: '#b23fd6', light: '#7ff0ff' },
    { opacity: 0.35, frequency: [0.006, 0.01], cover: 0.4, seed: 31 },
  );
  starfield(scene, 380, H, '#fff', 16);
  const planet = scene.radial(
    [
      [0, '#ffd2f4'],
      [0.5, '#b54bd6'],
      [1, '#3b0f5e'],
    ],
    120,
    230,
    150,
  );
  halo(scene, 150, 260, 200, '#d86bff', 0.35);
  scene.add(
    `<ellipse cx="150" cy="260" rx="150" ry="34" fill="none" stroke="#f6c8ff" stroke-opacity=".5" stroke-width="8" transform="rotate(-18 150 260)"/>`,
    `<circle cx="150" cy="260" r="86" fill="${planet}"/>`,
    `<path d="M20 283A150 34 0 0 0 280 237" fill="none" stroke="#ffe3ff" stroke-opacity=".85" stroke-width="8" transform="rotate(-18 150 260)"/>`,
  );
  const island = (cx: number, top: number, width: number, depth: number, shade: string) => {
    const points: [number, number][] = [[cx + width / 2, top]];
    const steps = 14;
    for (let index = 1; index < steps; index++) {
      const t = index / steps;
      const bulge = Math.sin(t * Math.PI) ** 1.6;
      points.push([
        cx + width / 2 - t * width + rng.range(-6, 6),
        top + bulge * depth * rng.range(0.55, 1.1),
      ]);
    }
    points.push([cx - width / 2, top]);
    const d = `M${points.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}Q${n(cx)} ${n(top - 16)} ${n(cx + width / 2)} ${n(top)}Z`;
    scene.add(
      `<path d="${d}" fill="${scene.linear(
        [
          [0, shade],
          [1, '#0b0318'],
        ],
        0,
        top,
        0,
        top + depth,
        true,
      )}"/>`,
    );
    texture(scene, d, 0.35, [0.02, 0.05], Math.floor(rng.range(1, 999)));
    scene.add(
      `<path d="M${n(cx - width / 2)} ${n(top)}Q${n(cx)} ${n(top - 16)} ${n(cx + width / 2)} ${n(top)}" fill="none" stroke="#8dffe0" stroke-width="4" filter="${scene.glow(4)}"/>`,
    );
    const crystals: string[] = [];
    for (let index = 0; index < 3; index++) {
      const x = cx + rng.range(-width / 4, width / 4);
      const y = top + depth * rng.range(0.3, 0.6);
      crystals.push(`M${n(x - 5)} ${n(y)}L${n(x)} ${n(y + rng.range(16, 30))}L${n(x + 5)} ${n(y)}Z`);
    }
    scene.add(`<path d="${crystals.join('')}" fill="#7ff0ff" opacity=".8" filter="${scene.glow(3)}"/>`);
  };
  island(590, 560, 150, 130, '#4a2a6e');
  island(110, 700, 130, 120, '#3f2260');
  island(630, 990, 110, 100, '#351a52');
  halo(scene, 360, 700, 330, '#ffe7a8', 0.45);
  scene.add(
    `<path d="M330 760L390 760L420 -20L300 -20Z" fill="${scene.linear([
      [0, '#fff3c4', 0],
      [1, '#fff3c4', 0.35],
    ])}" filter="${scene.blur(8)}"/>`,
  );
  island(360, 800, 420, 340, '#52307a');
  const temple: string[] = [];
  const base = 792;
  temple.push(
    `<rect x="210" y="${base - 18}" width="300" height="18"/>`,
    `<rect x="225" y="${base - 32}" width="270" height="16"/>`,
  );
  for (let index = 0; index < 6; index++) {
    const x = 238 + index * 46;
    temple.push(
      `<rect x="${x}" y="${base - 172}" width="20" height="140"/>`,
      `<rect x="${x - 5}" y="${base - 180}" width="30" height="10"/>`,
    );
  }
  temple.push(
    `<rect x="220" y="${base - 204}" width="280" height="26"/>`,
    `<path d="M214 ${base - 204}L360 ${base - 262}L506 ${base - 204}Z"/>`,
  );
  scene.add(
    `<g fill="${scene.linear(
      [
        [0, '#fffaf0'],
        [1, '#e0c48a'],
      ],
      0,
      base - 262,
      0,
      base,
      true,
    )}" filter="${scene.glow(6)}">${temple.join('')}</g>`,
  );
  particles(scene, 90, { top: 300, bottom: 1250 }, ['#9dfff0', '#ffe7a8', '#f0a8ff'], [1, 2.8], 3);
  finish(scene, 0.9);
}

export type Realm = { id: string; title: string; draw: (scene: Scene) => void };

export const REALMS: Realm[] = [
  { id: 'default', title: 'Twilight of the Titans', draw: twilight },
  { id: 'moonlit-citadel', title: 'Moonlit Citadel', draw: moonlitCitadel },
  { id: 'ember-forge', title: 'Ember Forge', draw: emberForge },
  { id: 'frost-peaks', title: 'Frost Peaks', draw: frostPeaks },
  { id: 'emerald-wilds', title: 'Emerald Wilds', draw: emeraldWilds },
  { id: 'golden-dunes', title: 'Golden Dunes', draw: goldenDunes },
  { id: 'sakura-valley', title: 'Sakura Valley', draw: sakuraValley },
  { id: 'astral-throne', title: 'Astral Throne', draw: astralThrone },
];

export function realmSvg(realm: Realm): string {
  resetIds();
  const scene = new Scene(random(`realm-${realm.id}`));
  realm.draw(scene);
  return scene.document();
}
