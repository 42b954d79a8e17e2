/**
 * `npm run fuzz` — the route and socket fuzz test (apps/server/test/fuzz-routes.test.ts) with a
 * random seed and a longer budget than `npm test`. Prints the seed first, so a failure can be
 * replayed with `FUZZ_SEED=<seed> npm run fuzz`. Options (environment):
 *   FUZZ_SEED   the seed (default: random)
 *   FUZZ_RUNS   cases per route and per socket event (default 200)
 *   FUZZ_TIME_MS  time budget per test and database (default 240000)
 *   FUZZ_ROUTE  only routes whose "METHOD /url" matches this regular expression
 *   FUZZ_SHRINK=1  shrink a failing case to a smaller one (slower)
 * With DATABASE_URL it runs on PostgreSQL too.
 */
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';

const seed = process.env.FUZZ_SEED ?? String(randomInt(1, 2 ** 31 - 1));
const env = {
  ...process.env,
  FUZZ_SEED: seed,
  FUZZ_RUNS: process.env.FUZZ_RUNS ?? '200',
  FUZZ_TIME_MS: process.env.FUZZ_TIME_MS ?? '240000',
};
console.log(`fuzz seed ${seed} (replay: FUZZ_SEED=${seed} npm run fuzz); ${env.FUZZ_RUNS} cases per target`);
const result = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--project',
    'server',
    'apps/server/test/fuzz-routes.test.ts',
    '--testTimeout=1200000',
  ],
  { stdio: 'inherit', env },
);
console.log(`fuzz seed ${seed}: ${result.status === 0 ? 'passed' : 'FAILED'}`);
process.exit(result.status ?? 1);
