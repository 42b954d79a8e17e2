/*
 * What each item, reward, package and task card shows: the emoji figure and the accessories
 * layered on it, keyed by catalogue id. Heroes are drawn by the hero kit instead (hero-specs.ts).
 * Coordinates are in the 512x512 card; (256, 262) is the centre of the stage.
 * The rarity (and so the colours and frame) comes from the catalogue files.
 */
import type { Layer } from './card-art.ts';

export type Figure = { back?: Layer[]; layers: Layer[]; shine?: boolean };

/** The main figure, centred on the stage. */
const hero = (icon: string, extra: Partial<Layer> = {}): Layer => ({
  icon,
  x: 256,
  y: 266,
  size: 330,
  ...extra,
});
const at = (icon: string, x: number, y: number, size: number, extra: Partial<Layer> = {}): Layer => ({
  icon,
  x,
  y,
  size,
  ...extra,
});

const item = (icon: string, extra: Partial<Layer> = {}): Layer => ({
  icon,
  x: 256,
  y: 252,
  size: 320,
  ...extra,
});
const STEEL = { saturate: 0.05, brightness: 1.15 };

export const ITEM_ART: Record<string, Figure> = {
  'ember-dagger': { layers: [item('dagger', { rotate: 10 }), at('fire', 340, 170, 110)] },
  'twinfang-sabers': { layers: [item('crossed-swords', { size: 310 })] },
  'ironhide-greataxe': { layers: [item('axe', { size: 310, rotate: -8 })] },
  'stormcaller-bow': { layers: [item('bow-and-arrow'), at('high-voltage', 150, 340, 110, { rotate: -15 })] },
  'arcane-wand': { layers: [item('magic-wand', { size: 300 }), at('sparkles', 380, 350, 90)], shine: true },
  'thunder-maul': {
    layers: [
      item('hammer', { size: 320, rotate: -10 }),
      at('high-voltage', 140, 330, 120, { rotate: -10 }),
      at('high-voltage', 390, 130, 100, { rotate: 15 }),
    ],
    shine: true,
  },
  'trident-of-the-deep': {
    back: [at('droplet', 120, 340, 80, { rotate: -15 }), at('bubbles', 392, 340, 100)],
    layers: [item('trident-emblem', { y: 246, size: 320 })],
    shine: true,
  },

  'knights-helm': { layers: [item('military-helmet', { tint: STEEL })] },
  'wayfarers-greatcoat': { layers: [item('coat')] },
  'iron-monk-gi': { layers: [item('martial-arts-uniform')] },
  'titan-gauntlet': { layers: [item('mechanical-arm', { size: 300 })], shine: true },
  'crown-of-the-titan-king': {
    layers: [item('crown', { size: 300 }), at('gem-stone', 256, 360, 100)],
    shine: true,
  },

  'oak-buckler': { layers: [item('shield', { tint: { hue: 175, saturate: 0.55, brightness: 0.85 } })] },
  'crimson-aegis': { layers: [item('shield', { tint: { hue: 150, saturate: 1.4 } })] },
  'frost-bulwark': {
    layers: [item('shield', { tint: { saturate: 0.5, brightness: 1.25 } }), at('snowflake', 256, 252, 140)],
  },
  'sunforged-aegis': {
    back: [at('sun', 256, 236, 380, { opacity: 0.85 })],
    layers: [item('shield', { tint: { hue: 190, saturate: 1.6, brightness: 1.1 } })],
    shine: true,
  },
  'dragonguard-shield': {
    layers: [item('shield', { tint: { hue: -85, saturate: 1.1 } }), at('dragon-face', 256, 262, 170)],
    shine: true,
  },

  'spark-tonic': {
    layers: [item('test-tube', { size: 270, tint: { hue: -50 } }), at('high-voltage', 350, 170, 120)],
  },
  'lucky-clover': { layers: [item('four-leaf-clover')] },
  'power-cell': {
    layers: [item('battery', { size: 280 }), at('high-voltage', 360, 170, 110, { rotate: 12 })],
  },
  'berserker-brew': {
    layers: [item('beer-mug', { size: 270, tint: { hue: -40 } }), at('fire', 350, 150, 120)],
  },
  'stoneskin-charm': { layers: [item('rock', { size: 270 }), at('sparkles', 360, 150, 100)] },
  'titan-elixir': {
    layers: [
      item('test-tube', { size: 280, tint: { hue: 140, saturate: 1.3 } }),
      at('glowing-star', 360, 150, 110),
    ],
    shine: true,
  },
};

/** Daily reward pictures, by file name under art/rewards (items add their own). */
export const REWARD_ART: Record<
  string,
  { rarity: 'common' | 'uncommon' | 'rare' | 'epic' | 'legendary'; figure: Figure }
> = {
  'coins-handful': {
    rarity: 'common',
    figure: {
      layers: [
        at('titans-coin', 190, 300, 150, { rotate: -14 }),
        at('titans-coin', 320, 300, 150, { rotate: 12 }),
        at('titans-coin', 256, 220, 170),
      ],
    },
  },
  'coins-stack': {
    rarity: 'uncommon',
    figure: {
      layers: [
        ...[0, 1, 2, 3, 4, 5].map((index) => at('titans-coin', 200, 360 - index * 34, 170, { rotate: 0 })),
        at('titans-coin', 340, 340, 150, { rotate: 10 }),
        at('titans-coin', 330, 250, 150, { rotate: -10 }),
      ],
    },
  },
  'coins-pile': {
    rarity: 'rare',
    figure: {
      layers: [
        ...[140, 210, 280, 350].map((x) => at('titans-coin', x + 10, 360, 120)),
        ...[180, 250, 320].map((x) => at('titans-coin', x + 6, 300, 120)),
        ...[215, 285].map((x) => at('titans-coin', x + 4, 240, 120)),
        at('titans-coin', 256, 180, 130),
      ],
      shine: true,
    },
  },
  'war-chest': {
    rarity: 'epic',
    figure: {
      layers: [
        hero('money-bag', { y: 250, size: 280 }),
        at('titans-coin', 140, 370, 110, { rotate: -12 }),
        at('titans-coin', 380, 372, 110, { rotate: 14 }),
        at('titans-coin', 326, 392, 90),
      ],
      shine: true,
    },
  },
  'grand-hoard': {
    rarity: 'legendary',
    figure: {
      back: [
        at('titans-coin', 130, 300, 120, { rotate: -20 }),
        at('titans-coin', 384, 300, 120, { rotate: 20 }),
      ],
      layers: [
        hero('money-bag', { y: 280, size: 270 }),
        at('crown', 256, 130, 140, { rotate: -6 }),
        at('gem-stone', 160, 390, 100),
        at('titans-coin', 356, 392, 100),
      ],
      shine: true,
    },
  },
};

const starPile = (count: number): Layer[] => {
  // Rows from the bottom: widest first, alternating Stars and gems, a Star on top: a pack of Stars
  // reads as Stars first.
  const rows: number[] = [];
  let left = count;
  let width = 1;
  while ((width * (width + 1)) / 2 < count) width++;
  while (left > 0) {
    const row = Math.min(width, left);
    rows.push(row);
    left -= row;
    width = Math.max(1, width - 1);
  }
  const size = count <= 3 ? 190 : count <= 6 ? 160 : count <= 10 ? 136 : 116;
  const layers: Layer[] = [];
  rows.forEach((row, rowIndex) => {
    for (let index = 0; index < row; index++) {
      const x = 256 + (index - (row - 1) / 2) * size * 0.64;
      const y = 384 - rowIndex * size * 0.5 - (count <= 3 ? 50 : 0);
      const top = rowIndex === rows.length - 1;
      const icon = top || (index + rowIndex) % 2 === 0 ? 'titans-star' : 'gem-stone';
      layers.push(
        at(icon, x, y, size * (icon === 'gem-stone' ? 0.9 : 1), { rotate: ((index * 37) % 24) - 12 }),
      );
    }
  });
  return layers;
};

export const PACKAGE_ART: Record<string, { rarity: 'rare' | 'epic' | 'legendary'; figure: Figure }> = {
  'pouch-of-stars': { rarity: 'rare', figure: { layers: [hero('titans-star', { y: 256, size: 280 })] } },
  'sack-of-stars': { rarity: 'rare', figure: { layers: starPile(3) } },
  'chest-of-stars': { rarity: 'epic', figure: { layers: starPile(6), shine: true } },
  'vault-of-stars': { rarity: 'epic', figure: { layers: starPile(10), shine: true } },
  'hoard-of-stars': { rarity: 'legendary', figure: { layers: starPile(15), shine: true } },
  'treasury-of-the-titans': {
    rarity: 'legendary',
    figure: { layers: [...starPile(15), at('crown', 256, 120, 130)], shine: true },
  },
};

/** Task badges, by file name under art/tasks. */
export const TASK_ART: Record<
  string,
  { rarity: 'common' | 'uncommon' | 'rare' | 'epic' | 'legendary'; figure: Figure }
> = {
  'quiz-titans-basics': {
    rarity: 'epic',
    figure: { layers: [hero('brain', { y: 256, size: 280 }), at('titans-bolt', 372, 170, 120)] },
  },
  'quiz-telegram-and-ton': {
    rarity: 'epic',
    figure: { layers: [hero('gem-stone', { y: 270, size: 270 }), at('paper-plane', 360, 160, 120)] },
  },
  'quiz-myths-of-the-titans': {
    rarity: 'epic',
    figure: { layers: [hero('classical-building', { y: 262, size: 270 }), at('scroll', 370, 360, 110)] },
  },
  telegram: { rarity: 'rare', figure: { layers: [hero('paper-plane', { y: 256, size: 280 })] } },
  'community-chat': {
    rarity: 'rare',
    figure: {
      layers: [hero('speech-balloon', { y: 236, size: 260 }), at('busts-in-silhouette', 300, 350, 150)],
    },
  },
  x: { rarity: 'rare', figure: { layers: [hero('x-mark', { y: 256, size: 260 })] } },
  youtube: { rarity: 'rare', figure: { layers: [hero('play-button', { y: 256, size: 290 })] } },
  'crash-course': {
    rarity: 'rare',
    figure: { layers: [hero('clapper-board', { y: 262, size: 260 }), at('play-button', 360, 360, 130)] },
  },
  'play-sky-runner': {
    rarity: 'uncommon',
    figure: {
      layers: [
        at('cloud', 180, 360, 160),
        hero('rocket', { y: 240, size: 260 }),
        at('video-game', 360, 370, 120),
      ],
    },
  },
  'play-gem-miner': {
    rarity: 'uncommon',
    figure: { layers: [hero('pick', { y: 240, size: 250, rotate: -10 }), at('gem-stone', 330, 350, 130)] },
  },
  'daily-check-in': {
    rarity: 'legendary',
    figure: {
      layers: [hero('tear-off-calendar', { y: 250, size: 260 }), at('check-mark-button', 360, 360, 110)],
    },
  },
  'daily-news-patrol': {
    rarity: 'legendary',
    figure: {
      layers: [hero('newspaper', { y: 262, size: 260 }), at('megaphone', 370, 170, 120, { rotate: -10 })],
    },
  },
};
