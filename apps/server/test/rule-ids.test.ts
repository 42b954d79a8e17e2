import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const RULE_ID = /^[A-Z]{1,3}[0-9]+[a-z]?$/;

function filesUnder(dir: string, test: (file: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full, test));
    else if (test(full)) out.push(full);
  }
  return out;
}

/** Every id docs/rules.md defines: `**F33**`, and ranges such as `**U5–U10**`. */
function definedIds(rules: string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (id: string) => counts.set(id, (counts.get(id) ?? 0) + 1);
  for (const [, id] of rules.matchAll(/\*\*([A-Z]{1,3}[0-9]+[a-z]?)\*\*/g)) add(id ?? '');
  for (const [, prefix, from, to] of rules.matchAll(/\*\*([A-Z]{1,3})([0-9]+)[–-][A-Z]{1,3}([0-9]+)\*\*/g))
    for (let n = Number(from); n <= Number(to); n++) add(`${prefix}${n}`);
  return counts;
}

describe('docs/rules.md ids', () => {
  const rules = fs.readFileSync(path.join(root, 'docs/rules.md'), 'utf8');
  const defined = definedIds(rules);

  it('each rule id is defined once', () => {
    const twice = [...defined].filter(([, count]) => count > 1).map(([id]) => id);
    expect(twice).toEqual([]);
  });

  it('every rule id a test names has its entry', () => {
    const tests = [
      ...filesUnder(path.join(root, 'apps'), (file) => /\.test\.tsx?$/.test(file)),
      ...filesUnder(path.join(root, 'packages'), (file) => /\.test\.tsx?$/.test(file)),
      ...filesUnder(path.join(root, 'e2e'), (file) => /\.test\.tsx?$/.test(file)),
    ];
    const missing = new Set<string>();
    for (const file of tests) {
      const source = fs.readFileSync(file, 'utf8');
      for (const [, title] of source.matchAll(/\b(?:it|test|describe)(?:\.\w+)*\(\s*['"`]([^'"`]*)/g)) {
        for (const word of (title ?? '').split(/\s+/)) {
          // Test data that looks like an id (a referral code) is not a rule.
          if (RULE_ID.test(word) && !defined.has(word) && word !== 'ABC123')
            missing.add(`${word} (${path.relative(root, file)})`);
        }
      }
    }
    expect([...missing].sort()).toEqual([]);
  });
});
