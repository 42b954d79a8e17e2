import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Runs every vitest project (shared, server, web, e2e) and ends with one plain line,
 * `N passed, N failed, N skipped`, whatever the reporter printed before it. `--fast` runs the
 * shared, web and server projects on PGlite only: DATABASE_URL is dropped, so the PostgreSQL and
 * cluster suites skip, and no browser starts (`npm run test:fast`).
 */
const fast = process.argv.includes('--fast');
const args = process.argv.slice(2).filter((arg) => arg !== '--fast');
const env = { ...process.env };
if (fast) delete env.DATABASE_URL;
const resultsFile = path.resolve('test-results/vitest.json');
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
    ...(fast ? ['--project', 'shared', '--project', 'web', '--project', 'server'] : []),
    ...args,
  ],
  { stdio: 'inherit', env },
);

child.on('exit', (code, signal) => {
  let summary = 'no test results were written';
  try {
    const results = JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
      numTotalTests: number;
    };
    summary = `${results.numPassedTests} passed, ${results.numFailedTests} failed, ${results.numPendingTests + results.numTodoTests} skipped`;
    if (results.numTotalTests === 0) {
      console.error('No test was executed.');
      code = 1;
    }
  } catch {
    code = code || 1;
  }
  console.log(`\n${summary}`);
  process.exit(signal ? 1 : (code ?? 1));
});
