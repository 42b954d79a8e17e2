/*
 * What heroes hold and what surrounds them, in the kit's style: weapons in the right hand,
 * shields and bows in the left, and the effects behind a hero (aura, moon, flames, lotus) or in
 * front (lightning, sparkles).
 */
import { n } from './art-kit.ts';
import { LEFT_HAND, RIGHT_HAND } from './hero-body.ts';
import {
  DETAIL,
  ellipseD,
  flat,
  glint,
  INK,
  inkLine,
  polyD,
  type Sketch,
  shape,
  tone,
  tube,
} from './hero-kit.ts';

export type Prop =
  | { kind: 'sword' | 'dagger' | 'saber'; blade?: string; hand?: 'left' | 'right' }
  | { kind: 'axe' | 'hammer' | 'spear' | 'ladle' | 'bamboo' }
  | { kind: 'staff'; orb: string }
  | { kind: 'shield'; color: string; emblem: string; round?: boolean }
  | { kind: 'bow'; color: string }
  | { kind: 'claws' }
  | { kind: 'orb'; color: string }
  | { kind: 'beads' };

const WOOD = '#8a5a34';
const STEEL = '#d4dde9';

export function prop(s: Sketch, p: Prop): void {
  const [rx, ry] = RIGHT_HAND;
  switch (p.kind) {
    case 'sword':
    case 'saber':
    case 'dagger':
      blade(s, p.kind, p.blade ?? STEEL, p.hand === 'left' ? LEFT_HAND : RIGHT_HAND);
      return;
    case 'axe':
      tube(s, `M${rx - 6} ${ry + 40}L${rx + 14} 150`, WOOD, 14);
      shape(s, `M${rx + 10} 150Q${rx + 80} 140 ${rx + 82} 196Q${rx + 60} 214 ${rx + 16} 214Z`, {
        fill: STEEL,
        shade: 0.25,
        shine: 0.4,
      });
      shape(s, `M${rx + 14} 150Q${rx - 40} 160 ${rx - 38} 190Q${rx - 20} 202 ${rx + 16} 196Z`, {
        fill: STEEL,
        shade: 0.25,
      });
      return;
    case 'hammer':
      tube(s, `M${rx} ${ry + 40}L${rx + 8} 170`, WOOD, 14);
      shape(s, `M${rx - 42} 130H${rx + 56}V206H${rx - 42}Z`, { fill: '#7d8799', shade: 0.3, shine: 0.3 });
      inkLine(s, `M${rx - 42} 150H${rx + 56}M${rx - 42} 186H${rx + 56}`, 4);
      return;
    case 'spear':
      tube(s, `M${rx} ${ry + 70}L${rx + 12} 110`, WOOD, 12);
      shape(
        s,
        polyD([
          [rx + 12, 40],
          [rx + 34, 110],
          [rx + 12, 124],
          [rx - 10, 110],
        ]),
        { fill: STEEL, shade: 0.25, shine: 0.4 },
      );
      return;
    case 'ladle':
      tube(s, `M${rx} ${ry + 20}L${rx + 20} 200`, WOOD, 12);
      shape(s, ellipseD(rx + 24, 180, 34, 28), { fill: '#c9ced8', shade: 0.3, shine: 0.4 });
      return;
    case 'bamboo':
      tube(s, `M${rx - 4} ${ry + 80}L${rx + 16} 80`, '#7cc24a', 18);
      for (const t of [0.25, 0.5, 0.75]) {
        const x = rx - 4 + 20 * t;
        const y = ry + 80 - ry * t;
        inkLine(s, `M${n(x - 12)} ${n(y)}H${n(x + 12)}`, 4);
      }
      flat(s, `M${rx + 16} 110q30-20 44 6q-26 6-44-6Z`, '#5aa83a');
      return;
    case 'staff':
      tube(s, `M${rx} ${ry + 76}L${rx + 10} 120`, WOOD, 14);
      shape(s, ellipseD(rx + 10, 102, 30), { fill: p.orb, shade: 0.25, shine: 0.5 });
      glint(s, rx + 2, 94, 10);
      return;
    default:
      leftHandProp(s, p);
      return;
  }
}

function leftHandProp(s: Sketch, p: Prop): void {
  const [lx, ly] = LEFT_HAND;
  switch (p.kind) {
    case 'shield': {
      const d = p.round
        ? ellipseD(lx - 6, ly - 8, 62)
        : `M${lx - 62} ${ly - 74}H${lx + 50}Q${lx + 52} ${ly + 10} ${lx - 6} ${ly + 60}Q${lx - 64} ${ly + 10} ${lx - 62} ${ly - 74}Z`;
      shape(s, d, { fill: p.color, shade: 0.28, shine: 0.25 });
      if (p.round) shape(s, ellipseD(lx - 6, ly - 8, 44), { fill: 'none', line: 5 });
      shape(
        s,
        polyD([
          [lx - 6, ly - 46],
          [lx + 16, ly - 10],
          [lx - 6, ly + 26],
          [lx - 28, ly - 10],
        ]),
        { fill: p.emblem, line: DETAIL, shade: 0 },
      );
      return;
    }
    case 'bow':
      tube(s, `M${lx - 10} 220Q${lx - 90} ${ly - 6} ${lx - 10} 500`, p.color, 12);
      inkLine(s, `M${lx - 10} 220L${lx - 10} 500`, 2.5, '#f5f0dc');
      tube(s, `M${lx - 10} ${ly}L${lx + 90} ${ly - 80}`, WOOD, 6, 4);
      shape(
        s,
        polyD([
          [lx + 86, ly - 96],
          [lx + 104, ly - 92],
          [lx + 96, ly - 74],
        ]),
        { fill: STEEL, line: 4, shade: 0 },
      );
      return;
    case 'claws':
      for (const [x, y] of [LEFT_HAND, RIGHT_HAND]) {
        for (const dx of [-12, 0, 12])
          shape(
            s,
            polyD([
              [x + dx - 4, y + 16],
              [x + dx + 4, y + 16],
              [x + dx, y + 36],
            ]),
            { fill: '#fff', line: 3, shade: 0 },
          );
      }
      return;
    case 'orb':
      flat(s, ellipseD(lx, ly - 48, 44), p.color, 0.35);
      shape(s, ellipseD(lx, ly - 48, 28), { fill: p.color, shade: 0.2, shine: 0.5 });
      glint(s, lx - 8, ly - 56, 9);
      return;
    case 'beads':
      for (let index = 0; index < 9; index++) {
        const a = (index / 9) * Math.PI * 1.2 + Math.PI * 0.1;
        shape(s, ellipseD(lx + Math.cos(a) * 28, ly + 14 + Math.sin(a) * 22, 8), {
          fill: '#a2462c',
          line: 3,
          shade: 0,
        });
      }
      return;
    default:
      return;
  }
}

function blade(
  s: Sketch,
  kind: 'sword' | 'dagger' | 'saber',
  color: string,
  hand: readonly [number, number],
): void {
  const [x, y] = hand;
  const dir = hand === LEFT_HAND ? -1 : 1;
  const length = kind === 'dagger' ? 96 : 210;
  const tip = [x + dir * 24, y - 20 - length] as const;
  const d =
    kind === 'saber'
      ? `M${x - 9} ${y - 22}Q${x + dir * 40} ${y - 120} ${tip[0]} ${tip[1]}Q${x + dir * 60} ${y - 120} ${x + 9} ${y - 22}Z`
      : polyD([
          [x - 11, y - 22],
          [x + dir * 18 - 11, tip[1] + 24],
          [tip[0], tip[1]],
          [x + dir * 18 + 11, tip[1] + 24],
          [x + 11, y - 22],
        ]);
  shape(s, d, { fill: color, shade: 0.3, shine: 0.45 });
  shape(s, `M${x - 32} ${y - 30}H${x + 32}V${y - 16}H${x - 32}Z`, {
    fill: '#e6b432',
    line: DETAIL,
    shade: 0.2,
  });
  glint(s, x + dir * 16, y - 100, kind === 'dagger' ? 0 : 9);
}

/** A flame tongue rising from (x, base), leaning sideways at the tip. */
function flame(x: number, base: number, h: number, w: number, lean: number): string {
  const tipX = x + lean;
  return `M${n(x - w)} ${base}C${n(x - w)} ${n(base - h * 0.6)} ${n(tipX - w * 0.3)} ${n(base - h * 0.7)} ${n(tipX)} ${n(base - h)}C${n(x + w * 0.3)} ${n(base - h * 0.6)} ${n(x + w)} ${n(base - h * 0.5)} ${n(x + w)} ${base}Z`;
}

export type Effect =
  | 'speed'
  | 'aura'
  | 'moon'
  | 'flames'
  | 'lotus'
  | 'lightning'
  | 'sparkles'
  | 'frost'
  | 'bubbles';

/** Effects drawn behind the figure. */
export function backEffect(s: Sketch, effect: Effect, color: string): void {
  switch (effect) {
    case 'aura': {
      const points: Array<[number, number]> = [];
      for (let index = 0; index < 32; index++) {
        const r = index % 2 === 0 ? 232 : 170;
        const a = (index / 32) * Math.PI * 2;
        points.push([256 + Math.cos(a) * r, 250 + Math.sin(a) * r]);
      }
      flat(s, polyD(points), color, 0.5);
      return;
    }
    case 'speed':
      // Wind streaks trailing behind a fast hero.
      for (const [y, from, to] of [
        [250, 70, 150],
        [304, 40, 160],
        [358, 80, 150],
      ] as const) {
        tube(s, `M${from} ${y}H${to}`, color, 12, 4);
      }
      return;
    case 'moon':
      shape(s, ellipseD(372, 110, 70), { fill: '#fdf3c8', line: 6, shade: 0.12 });
      flat(s, ellipseD(350, 92, 12), '#e9dba0');
      flat(s, ellipseD(392, 132, 9), '#e9dba0');
      return;
    case 'flames':
      for (const [x, h, w, lean] of [
        [118, 220, 56, -30],
        [394, 240, 56, 30],
        [180, 320, 64, -20],
        [332, 310, 64, 20],
        [256, 390, 70, 0],
      ] as const) {
        shape(s, flame(x, 430, h, w, lean), { fill: color, line: 6, shade: 0 });
        flat(s, flame(x, 430, h * 0.62, w * 0.55, lean * 0.6), '#ffd24a');
      }
      return;
    default:
      frontEffect(s, effect, color);
      return;
  }
}

/** Effects drawn in front of the figure. */
export function frontEffect(s: Sketch, effect: Effect, color: string): void {
  switch (effect) {
    case 'lightning':
      for (const [x, y, flip] of [
        [96, 250, 1],
        [420, 236, -1],
      ] as const) {
        const f = (dx: number) => x + dx * flip;
        shape(
          s,
          polyD([
            [f(10), y - 70],
            [f(-26), y + 4],
            [f(2), y + 4],
            [f(-16), y + 70],
            [f(34), y - 16],
            [f(6), y - 16],
            [f(24), y - 70],
          ]),
          { fill: color, shade: 0, shine: 0 },
        );
      }
      return;
    case 'lotus':
      // A lotus the hero stands in: petals fanned round the feet, in front of the hem.
      for (const [angle, size] of [
        [-84, 1.2],
        [84, 1.2],
        [-56, 1.3],
        [56, 1.3],
        [-26, 1.2],
        [26, 1.2],
        [0, 1.1],
      ] as const) {
        s.out.push(`<g transform="translate(256 468) rotate(${angle}) scale(${size})">`);
        shape(s, 'M0 0Q-34-40 0-92Q34-40 0 0Z', { fill: color, line: 6, shade: 0.2 });
        s.out.push('</g>');
      }
      return;
    case 'sparkles':
      for (const [x, y, r] of [
        [108, 120, 20],
        [404, 220, 16],
        [120, 300, 12],
        [396, 96, 12],
      ] as const)
        glint(s, x, y, r, color);
      return;
    case 'frost':
      for (const [x, y] of [
        [100, 140],
        [414, 300],
      ] as const) {
        inkLine(
          s,
          `M${x - 22} ${y}H${x + 22}M${x} ${y - 22}V${y + 22}M${x - 16} ${y - 16}L${x + 16} ${y + 16}M${x + 16} ${y - 16}L${x - 16} ${y + 16}`,
          12,
        );
        inkLine(
          s,
          `M${x - 22} ${y}H${x + 22}M${x} ${y - 22}V${y + 22}M${x - 16} ${y - 16}L${x + 16} ${y + 16}M${x + 16} ${y - 16}L${x - 16} ${y + 16}`,
          6,
          color,
        );
      }
      return;
    case 'bubbles':
      for (const [x, y, r] of [
        [104, 200, 14],
        [120, 150, 9],
        [410, 250, 12],
      ] as const)
        shape(s, ellipseD(x, y, r), { fill: color, line: 4, shade: 0, shine: 0.5 });
      return;
    default:
      return;
  }
}

export { INK, tone };
