import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Runs every vitest project (shared, server, web, e2e), then the realtime, Arena and cluster suites
 * once more with FAST_PATHS=off (stock socket.io, zod, PGlite and Redis adapter paths,
 * D-PLATFORM-1), and ends with one plain line, `N passed, N failed, N skipped`, for both passes
 * together, whatever the reporter printed before it. Extra arguments go to the first pass only,
 * which then runs alone. `--fast` runs the shared, web and server projects on PGlite only:
 * DATABASE_URL is dropped, so the PostgreSQL and cluster suites skip, no browser starts and no
 * stock pass follows (`npm run test:fast`).
 */
const STOCK_SUITES = [
  'apps/server/test/arena',
  'apps/server/test/cluster-',
  'apps/server/test/taps.test.ts',
  'apps/server/test/faults-sockets.test.ts',
  'apps/server/test/fast-paths-differential.test.ts',
];

interface Results {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numTotalTests: number;
}

function pass(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; results: Results | null }> {
  const resultsFile = path.resolve(`test-results/vitest-${name}.json`);
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.rmSync(resultsFile, { force: true });
  const child = spawn(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${resultsFile}`,
      ...args,
    ],
    { stdio: 'inherit', env },
  );
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      let results: Results | null = null;
      try {
        results = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
      } catch {
        // reported below as no results
      }
      resolve({ code: signal ? 1 : (code ?? 1), results });
    });
  });
}

const fast = process.argv.includes('--fast');
const extra = process.argv.slice(2).filter((arg) => arg !== '--fast');
const env = { ...process.env };
if (fast) delete env.DATABASE_URL;
const projects = fast ? ['--project', 'shared', '--project', 'web', '--project', 'server'] : [];
const passes = [await pass('all', [...projects, ...extra], env)];
if (extra.length === 0 && !fast) {
  console.log('\nThe realtime, Arena and cluster suites again with FAST_PATHS=off (stock libraries):');
  passes.push(
    await pass('stock', ['--project', 'server', ...STOCK_SUITES], { ...process.env, FAST_PATHS: 'off' }),
  );
}

let code = 0;
const total = { passed: 0, failed: 0, skipped: 0, run: 0 };
for (const { code: passCode, results } of passes) {
  if (!results) {
    code = code || passCode || 1;
    continue;
  }
  total.passed += results.numPassedTests;
  total.failed += results.numFailedTests;
  total.skipped += results.numPendingTests + results.numTodoTests;
  total.run += results.numTotalTests;
  if (results.numTotalTests === 0) {
    console.error('No test was executed.');
    code = 1;
  }
  code = code || passCode;
}
console.log(
  passes.some((each) => !each.results)
    ? '\nno test results were written'
    : `\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`,
);
process.exit(code);
