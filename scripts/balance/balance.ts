/**
 * `npm run balance` — the Arena's balance harness (rules BAL6–BAL9, decisions D-BALANCE-5).
 * Plays seeded battles through the pure rules (`createBattle` / `stepInPlace`, no server) with
 * simulated tappers, the free heroes' effective stats (`effectiveStats`, as the server's entry) and
 * prints markdown tables: win rate, knockout wins within 60 s and median duration by difficulty ×
 * taps per second × hero level × items, each hero at 6 taps/s against each bot, and every pair of
 * free heroes. Options:
 *   --battles=N   battles per cell (default 300; the pairs play N each, half on each side)
 *   --seed=N      the first seed (default 1)
 */
import fs from 'node:fs';
import path from 'node:path';
import { DIFFICULTIES } from '../../packages/shared/src/battle/bots.ts';
import {
  BALANCE_LEVELS,
  BALANCE_TAP_RATES,
  botCell,
  type CatalogueHero,
  pairCell,
  type SimulatedSummary,
  STARTER_KIT_ITEM_IDS,
} from '../../packages/shared/src/battle/simulate.ts';
import type { ItemEffects } from '../../packages/shared/src/battle/stats.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const KNOCKOUT_WITHIN_MS = 60_000;

interface CatalogueCharacter {
  id: string;
  name: string;
  is_free: boolean;
  health: number;
  power: number;
  defense: number;
  speed: number;
}

interface CatalogueItem {
  id: string;
  name: string;
  price: number;
  currency: string;
  effects: ItemEffects;
}

function option(name: string, fallback: number): number {
  const found = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  const value = found ? Number(found.slice(name.length + 3)) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
}

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as T;
}

const percent = (rate: number) => `${Math.round(rate * 100)} %`;
const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
const cellText = (s: SimulatedSummary) => `${percent(s.winRate)} · ${seconds(s.medianDurationMs)}`;

function main() {
  const battles = option('battles', 300);
  const seed = option('seed', 1);
  const heroes: CatalogueHero[] = readJson<CatalogueCharacter[]>('catalogue/characters.json')
    .filter((c) => c.is_free)
    .map((c) => ({
      name: c.name.split(' ')[c.name.startsWith('Sir ') ? 1 : 0] ?? c.name,
      stats: { health: c.health, attack: c.power, defense: c.defense, speed: c.speed },
    }));
  const items = readJson<CatalogueItem[]>('catalogue/items.json');
  const kit = STARTER_KIT_ITEM_IDS.map((id) => {
    const item = items.find((candidate) => candidate.id === id);
    if (!item) throw new Error(`catalogue/items.json has no ${id}`);
    return item;
  });
  const kitCoins = kit.reduce((sum, item) => sum + (item.currency === 'coins' ? item.price : 0), 0);
  const sets: Array<{ label: string; effects: ItemEffects[] }> = [
    { label: 'none', effects: [] },
    { label: 'kit', effects: kit.map((item) => item.effects) },
  ];
  const started = Date.now();

  console.log(`## Bot battles (${battles} seeded battles per cell, the six free heroes in turn)\n`);
  console.log(
    `Each cell: the player's win rate · median duration. "kit": ${kit.map((i) => i.name).join(', ')} ` +
      `(${kitCoins.toLocaleString('en-US')} coins). Easy also shows knockout wins within 60 s.\n`,
  );
  const header = ['difficulty', 'level', 'items', ...BALANCE_TAP_RATES.map((r) => `${r} taps/s`)];
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  let cellSeed = seed;
  for (const difficulty of DIFFICULTIES) {
    for (const level of BALANCE_LEVELS) {
      for (const set of sets) {
        const cells = BALANCE_TAP_RATES.map((tapsPerSecond) => {
          cellSeed += 1_000_000;
          const summary = botCell({
            heroes,
            difficulty,
            tapsPerSecond,
            level,
            items: set.effects,
            battles,
            firstSeed: cellSeed,
            knockoutWithinMs: KNOCKOUT_WITHIN_MS,
          });
          const knockouts = difficulty === 'easy' ? ` (KO ≤ 60 s ${percent(summary.knockoutRate)})` : '';
          return `${cellText(summary)}${knockouts}`;
        });
        console.log(`| ${difficulty} | ${level} | ${set.label} | ${cells.join(' | ')} |`);
      }
    }
  }

  console.log('\n## Each free hero at level 1, no items, 6 taps/s\n');
  console.log(`| hero | ${DIFFICULTIES.join(' | ')} |`);
  console.log(`|---|${DIFFICULTIES.map(() => '---').join('|')}|`);
  for (const hero of heroes) {
    const cells = DIFFICULTIES.map((difficulty) => {
      cellSeed += 1_000_000;
      const summary = botCell({
        heroes: [hero],
        difficulty,
        tapsPerSecond: 6,
        level: 1,
        items: [],
        battles,
        firstSeed: cellSeed,
        knockoutWithinMs: KNOCKOUT_WITHIN_MS,
      });
      return cellText(summary);
    });
    console.log(`| ${hero.name} | ${cells.join(' | ')} |`);
  }

  console.log(
    `\n## Free hero against free hero, both 6 taps/s (${battles} battles a pair, half on each side)\n`,
  );
  console.log("Each cell: the row hero's win rate · median duration.\n");
  console.log(`| | ${heroes.map((h) => h.name).join(' | ')} |`);
  console.log(`|---|${heroes.map(() => '---').join('|')}|`);
  const pairs = new Map<string, SimulatedSummary>();
  heroes.forEach((a, i) => {
    heroes.forEach((b, j) => {
      if (j > i)
        pairs.set(`${i}:${j}`, pairCell(a, b, 6, battles, seed + 90_000_000 + i * 1_000_000 + j * 10_000));
    });
  });
  heroes.forEach((a, i) => {
    const cells = heroes.map((_, j) => {
      if (i === j) return '—';
      // Each pair is measured once; the lower row reads it from the other side.
      const summary = pairs.get(i < j ? `${i}:${j}` : `${j}:${i}`);
      if (!summary) return '';
      return cellText(i < j ? summary : { ...summary, winRate: 1 - summary.winRate });
    });
    console.log(`| ${a.name} | ${cells.join(' | ')} |`);
  });
  console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

main();
