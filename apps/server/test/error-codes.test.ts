import fs from 'node:fs';
import path from 'node:path';
import { ERRORS } from '@titans/shared/errors';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

function sourcesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('error codes', () => {
  it('LG7 every error code the server writes is listed in ERRORS, where the web app localizes it', () => {
    const written = new Map<string, string>();
    for (const file of [
      ...sourcesUnder(path.join(root, 'apps/server/src')),
      ...sourcesUnder(path.join(root, 'packages/shared/src')),
    ]) {
      const source = fs.readFileSync(file, 'utf8');
      // A code is written as `code: 'area/name'`, `failed('area/name')` or `new ApiError('area/name')`.
      for (const [, code] of source.matchAll(
        /(?:\bcode:\s*|\bfailed\(|\bApiError\(|\bfail\()\s*'([a-z-]+\/[a-z-]+)'/g,
      ))
        written.set(code ?? '', path.relative(root, file));
    }
    // The scan must see the codes it is meant to: a change of style would leave it checking nothing.
    expect(written.size).toBeGreaterThan(50);
    const unlisted = [...written].filter(([code]) => !Object.hasOwn(ERRORS, code));
    expect(unlisted).toEqual([]);
  });
});
