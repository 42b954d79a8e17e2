/*
 * Checks the catalogue files against the server's schema and against each other.
 *
 *   npx tsx scripts/art/validate-catalogue.ts
 *
 * Parses every file of CATALOGUE_FILES, then checks what the schema cannot see on its own:
 * unique ids, quiz and item references, and that every picture exists under apps/web/public.
 * Prints every problem and exits with 1 when there is at least one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  CATALOGUE_FILES,
  type Catalogue,
  type CatalogueName,
} from '../../apps/server/src/catalogue/catalogue-schema.ts';
import { characterFigurePath, characterThumbPath } from '../../packages/shared/src/characters/figure-path.ts';

const root = resolve(import.meta.dirname, '../..');
const catalogueDir = join(root, 'catalogue');
const publicDir = join(root, 'apps/web/public');

const problems: string[] = [];
const problem = (message: string) => problems.push(message);

function load<Name extends CatalogueName>(name: Name): Catalogue[Name] | undefined {
  const path = join(catalogueDir, `${name}.json`);
  if (!existsSync(path)) {
    problem(`${name}.json: missing`);
    return undefined;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    problem(`${name}.json: not valid JSON (${(error as Error).message})`);
    return undefined;
  }
  const parsed = CATALOGUE_FILES[name].safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problem(`${name}.json: [${issue.path.join('.')}] ${issue.message}`);
    }
    return undefined;
  }
  return parsed.data as Catalogue[Name];
}

function checkUnique(file: string, keys: readonly (string | number)[]) {
  const seen = new Set<string | number>();
  for (const key of keys) {
    if (seen.has(key)) problem(`${file}: duplicate ${String(key)}`);
    seen.add(key);
  }
}

function checkImage(file: string, owner: string, path: string | undefined) {
  if (path === undefined) return;
  if (!existsSync(join(publicDir, path))) problem(`${file}: ${owner} points at ${path}, which is not a file`);
}

const characters = load('characters');
const items = load('items');
const tasks = load('tasks');
const quizzes = load('quizzes');
const dailyRewards = load('daily-rewards');
const packages = load('diamond-packages');

if (characters) {
  checkUnique(
    'characters.json',
    characters.map((character) => character.id),
  );
  for (const character of characters) {
    checkImage('characters.json', character.id, character.image);
    // Home stands the hero on its platform without the card: generate-art.ts writes both.
    const figure = characterFigurePath(character.image);
    if (figure) checkImage('characters.json', `${character.id}'s figure`, figure);
    // The nav's Home button shows the card's small raster (D-WEB-34).
    const thumb = characterThumbPath(character.image);
    if (thumb) checkImage('characters.json', `${character.id}'s raster`, thumb);
  }
  const starters = characters.filter((character) => character.is_free);
  if (starters.length < 4 || starters.length > 6)
    problem(`characters.json: ${starters.length} free starters`);
  const totals = new Set(starters.map((c) => `${c.health}/${c.power + c.defense + c.speed}/${c.tap_value}`));
  if (totals.size > 1)
    problem(`characters.json: free starters are not equally strong (${[...totals].join(', ')})`);
  for (const starter of starters) {
    if (starter.price !== 0) problem(`characters.json: free ${starter.id} has a price`);
  }
}

if (items) {
  checkUnique(
    'items.json',
    items.map((item) => item.id),
  );
  for (const item of items) checkImage('items.json', item.id, item.image_url);
}

if (quizzes) {
  checkUnique(
    'quizzes.json',
    quizzes.map((quiz) => quiz.id),
  );
  checkUnique(
    'quizzes.json (question ids)',
    quizzes.flatMap((quiz) => quiz.questions.map((q) => q.id)),
  );
}

if (tasks) {
  checkUnique(
    'tasks.json',
    tasks.map((task) => task.id),
  );
  const quizIds = new Set(quizzes?.map((quiz) => quiz.id));
  for (const task of tasks) {
    checkImage('tasks.json', task.id, task.metadata.image_url);
    const { quizId } = task.metadata;
    if (task.type === 'QUIZ' && quizId === undefined)
      problem(`tasks.json: quiz task ${task.id} has no quizId`);
    if (quizId !== undefined && quizzes && !quizIds.has(quizId)) {
      problem(`tasks.json: ${task.id} refers to quiz ${quizId}, which is not in quizzes.json`);
    }
    if (task.type === 'COMMUNITY' && task.metadata.task_url === undefined) {
      problem(`tasks.json: community task ${task.id} has no task_url`);
    }
    if (task.type === 'WATCH' && task.metadata.link === undefined) {
      problem(`tasks.json: watch task ${task.id} has no link`);
    }
  }
}

if (dailyRewards) {
  checkUnique(
    'daily-rewards.json',
    dailyRewards.map((reward) => reward.day),
  );
  const itemIds = new Set(items?.map((item) => item.id));
  for (const reward of dailyRewards) {
    const owner = `day ${reward.day}`;
    checkImage('daily-rewards.json', owner, reward.image_url);
    if (reward.reward_type === 'item') {
      if (reward.item_id === undefined) problem(`daily-rewards.json: ${owner} gives an item without item_id`);
      else if (items && !itemIds.has(reward.item_id)) {
        problem(`daily-rewards.json: ${owner} gives ${reward.item_id}, which is not in items.json`);
      }
    }
  }
}

if (packages) {
  checkUnique(
    'diamond-packages.json',
    packages.map((pack) => pack.id),
  );
  for (const pack of packages) checkImage('diamond-packages.json', pack.id, pack.image_url);
}

if (problems.length > 0) {
  console.error(`catalogue: ${problems.length} problem(s)`);
  for (const message of problems) console.error(`  - ${message}`);
  process.exit(1);
}
console.info(
  `catalogue OK: ${characters?.length} characters, ${items?.length} items, ${tasks?.length} tasks, ` +
    `${quizzes?.length} quizzes, ${dailyRewards?.length} daily rewards, ${packages?.length} diamond packages`,
);
