/*
 * Writes all of the game's art into apps/web/public.
 *
 *   npx tsx scripts/art/generate-art.ts            everything
 *   npx tsx scripts/art/generate-art.ts cards      only the SVG cards (characters, items, rewards...)
 *   npx tsx scripts/art/generate-art.ts realms ui  only the backgrounds / the interface art
 *   npx tsx scripts/art/generate-art.ts thumbs     only the characters' small rasters (from their cards)
 *   npx tsx scripts/art/generate-art.ts credits    only CREDITS.md
 *
 * The catalogue files decide which pictures exist and their rarity; art-specs.ts decides what
 * each one shows. Rasters (backgrounds, the default background, the app icon) are rendered with
 * Chromium. Output is deterministic: the same inputs give the same files.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  CATALOGUE_FILES,
  type Catalogue,
  type CatalogueName,
} from '../../apps/server/src/catalogue/catalogue-schema.ts';
import {
  CHARACTER_THUMB_SIZE,
  characterFigurePath,
  characterThumbPath,
} from '../../packages/shared/src/characters/figure-path.ts';
import { GAME_ICON_AUTHORS, PALETTES, RARITY_RANK, usedGameIcons } from './art-kit.ts';
import { type Figure, ITEM_ART, PACKAGE_ART, REWARD_ART, TASK_ART } from './art-specs.ts';
import { type CardArt, cardSvg, figureSvg } from './card-art.ts';
import { drawWebp, rasterise, withBrowser } from './chromium.ts';
import { heroFigure } from './hero-art.ts';
import { HERO_ART } from './hero-specs.ts';
import { REALM_HEIGHT, REALM_WIDTH, REALMS, realmSvg } from './realm-art.ts';
import { appIconSvg, faviconSvg, UI_ART } from './ui-art.ts';

const root = resolve(import.meta.dirname, '../..');
const publicDir = join(root, 'apps/web/public');

function load<Name extends CatalogueName>(name: Name): Catalogue[Name] {
  const raw: unknown = JSON.parse(readFileSync(join(root, 'catalogue', `${name}.json`), 'utf8'));
  return CATALOGUE_FILES[name].parse(raw) as Catalogue[Name];
}

let written = 0;
function write(publicPath: string, content: string | Buffer) {
  const path = join(publicDir, publicPath);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  written++;
}

type Rarity = keyof typeof PALETTES;
function cardArt(figure: Figure, rarity: Rarity, seed: string, pips = RARITY_RANK[rarity]): CardArt {
  return {
    palette: PALETTES[rarity],
    pips,
    seed,
    layers: figure.layers,
    ...(figure.back ? { back: figure.back } : {}),
    ...(figure.shine ? { shine: true } : {}),
  };
}

function card(figure: Figure, rarity: Rarity, seed: string, pips = RARITY_RANK[rarity]) {
  return cardSvg(cardArt(figure, rarity, seed, pips));
}

function need<T>(table: Record<string, T>, id: string, what: string): T {
  const entry = table[id];
  const specs = what === 'character' ? 'hero-specs.ts' : 'art-specs.ts';
  if (!entry) throw new Error(`no art for ${what} ${id}: add it to scripts/art/${specs}`);
  return entry;
}

function generateCards() {
  const characters = load('characters');
  for (const character of characters) {
    const spec = need(HERO_ART, character.id, 'character');
    const palette = PALETTES[character.rarity];
    const art: CardArt = {
      ...cardArt({ layers: [] }, character.rarity, character.id),
      hero: heroFigure(spec, character.rarity, palette.light),
    };
    write(character.image, cardSvg(art));
    // Home stands the hero on its platform without the card (apps/web hero-figure.ts).
    const figurePath = characterFigurePath(character.image);
    if (!figurePath) throw new Error(`character ${character.id}: ${character.image} is not a card path`);
    write(figurePath, figureSvg(art));
  }

  const items = load('items');
  for (const item of items) {
    if (item.item_type === 'background') continue;
    write(item.image_url, card(need(ITEM_ART, item.id, 'item'), item.rarity, item.id));
  }

  const rewards = load('daily-rewards');
  const rewardFiles = new Set(rewards.map((reward) => reward.image_url));
  for (const path of rewardFiles) {
    const name = path.replace(/^\/art\/rewards\//, '').replace(/\.svg$/, '');
    if (name.startsWith('item-')) {
      const id = name.slice('item-'.length);
      const item = items.find((candidate) => candidate.id === id);
      if (!item) throw new Error(`daily reward picture ${path} names an unknown item`);
      const figure = need(ITEM_ART, id, 'item');
      const gift: Figure = {
        ...figure,
        layers: [...figure.layers, { icon: 'wrapped-gift', x: 396, y: 392, size: 110, rotate: 8 }],
      };
      write(path, card(gift, item.rarity, `reward-${id}`, 0));
    } else {
      const art = need(REWARD_ART, name, 'daily reward picture');
      write(path, card(art.figure, art.rarity, `reward-${name}`, 0));
    }
  }

  for (const pack of load('diamond-packages')) {
    const art = need(PACKAGE_ART, pack.id, 'diamond package');
    write(pack.image_url, card(art.figure, art.rarity, pack.id, 0));
  }

  for (const task of load('tasks')) {
    const path = task.metadata.image_url;
    if (!path) continue;
    const name = path.replace(/^\/art\/tasks\//, '').replace(/\.svg$/, '');
    const art = need(TASK_ART, name, 'task picture');
    write(path, card(art.figure, art.rarity, `task-${name}`, 0));
  }
}

async function generateRasters(which: { realms: boolean; ui: boolean; thumbs: boolean }) {
  const items = load('items');
  await withBrowser(async (browser) => {
    const page = await browser.newPage();
    if (which.thumbs) {
      // The nav's Home button shows the hero's card at 64 CSS pixels: a small raster of the card
      // (written above) instead of its SVG document (packages/shared characters/figure-path.ts).
      for (const character of load('characters')) {
        const thumbPath = characterThumbPath(character.image);
        if (!thumbPath) throw new Error(`character ${character.id}: ${character.image} is not a card path`);
        const svg = readFileSync(join(publicDir, character.image));
        write(thumbPath, await drawWebp(page, svg, CHARACTER_THUMB_SIZE, 0.6));
      }
    }
    if (which.realms) {
      for (const realm of REALMS) {
        const svg = realmSvg(realm);
        if (realm.id === 'default') {
          mkdirSync(publicDir, { recursive: true });
          await rasterise(page, svg, REALM_WIDTH, REALM_HEIGHT, join(publicDir, 'background.png'), {
            type: 'png',
          });
          written++;
          continue;
        }
        const item = items.find((candidate) => candidate.id === realm.id);
        if (item?.item_type !== 'background') {
          throw new Error(`realm ${realm.id} has no background item in items.json`);
        }
        const path = join(publicDir, item.image_url);
        mkdirSync(dirname(path), { recursive: true });
        await rasterise(page, svg, REALM_WIDTH, REALM_HEIGHT, path, { type: 'jpeg', quality: 82 });
        written++;
      }
      for (const item of items) {
        if (item.item_type === 'background' && !REALMS.some((realm) => realm.id === item.id)) {
          throw new Error(`background item ${item.id} has no realm in scripts/art/realm-art.ts`);
        }
      }
    }
    if (which.ui) {
      await rasterise(page, appIconSvg(), 512, 512, join(publicDir, 'icon-512.png'), { type: 'png' });
      written++;
    }
  });
}

function generateUi() {
  for (const [file, draw] of Object.entries(UI_ART)) write(`/art/ui/${file}`, draw());
  write('/favicon.svg', faviconSvg());
}

function writeCredits() {
  // Without the backgrounds drawn in this run, every icon the table knows (all of them are used).
  const iconNames = usedGameIcons.size > 0 ? [...usedGameIcons] : Object.keys(GAME_ICON_AUTHORS);
  const gameIcons = iconNames.sort().map((name) => `- \`${name}\` by ${GAME_ICON_AUTHORS[name]}`);
  const credits = `# Art credits

All pictures in this folder, \`/background.png\`, \`/favicon.svg\` and \`/icon-512.png\` were composed for
Titans by \`scripts/art/generate-art.ts\` from the sources below. The compositions (backgrounds,
frames, the crest, the coin, the Stars star and the energy bolt) are original to this project.

## Original to this project

The heroes (\`characters/\`: cards, \`figures/\` and \`thumbs/\`), which are also the Arena's bots,
are drawn from shapes by the Titans hero kit (\`scripts/art/hero-kit.ts\`, \`hero-face.ts\`,
\`hero-heads.ts\`, \`hero-body.ts\`, \`hero-props.ts\`, one spec per hero in \`hero-specs.ts\`).
They contain no emoji or other third-party artwork; only their card frame and background are
shared with the other cards.

## Microsoft Fluent Emoji (MIT)

The items, rewards, packages and task badges are built around Fluent Emoji figures (colour
style), taken from the npm package \`@iconify-json/fluent-emoji\`.

- Source: https://github.com/microsoft/fluentui-emoji
- Licence: MIT, Copyright (c) Microsoft Corporation.
  https://github.com/microsoft/fluentui-emoji/blob/main/LICENSE

## game-icons.net (CC BY 3.0)

Silhouettes in the Titans Realms backgrounds come from game-icons.net, through the npm package
\`@iconify-json/game-icons\`, recoloured:

${gameIcons.join('\n')}

Source: https://game-icons.net and https://github.com/game-icons/icons

Licence: Creative Commons Attribution 3.0 Unported, https://creativecommons.org/licenses/by/3.0/

## Lilita One (SIL Open Font License 1.1)

The TITANS wordmark and the T on the crest, the coin and the favicon are outlines of Lilita One
by Juan Montoreano, from the npm package \`@fontsource/lilita-one\`.

- Licence: SIL Open Font License 1.1, https://openfontlicense.org
`;
  write('/art/CREDITS.md', credits);
}

const args = new Set(process.argv.slice(2));
const all = args.size === 0;
if (all || args.has('cards')) generateCards();
if (all || args.has('ui')) generateUi();
const rasters = {
  realms: all || args.has('realms'),
  ui: all || args.has('ui'),
  thumbs: all || args.has('cards') || args.has('thumbs'),
};
if (rasters.realms || rasters.ui || rasters.thumbs) await generateRasters(rasters);
if (all || args.has('credits')) writeCredits();
console.info(`art: wrote ${written} files under apps/web/public`);
