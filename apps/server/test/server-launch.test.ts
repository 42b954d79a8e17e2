import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_ARGS } from '../src/server-launch.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Production, the benches and the tests start the server alike (D-PERF-2). */
describe('how the server is started', () => {
  it('npm run serve runs Node with the server flags and entry the benches and tests use', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.serve).toBe(`node ${SERVER_NODE_ARGS.join(' ')}`);
  });
});
