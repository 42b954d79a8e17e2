import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type Ceilings,
  COUNT_NAMES,
  countLines,
  countSource,
  lowered,
  measure,
  run,
  staleComments,
} from '../../../scripts/code-counts.ts';

// The code-counts ratchet run by `npm run lint` (scripts/code-counts.ts).

const lines = (count: number) =>
  Array.from({ length: count }, (_, index) => `  const v${index} = ${index};`).join('\n');

describe('countSource', () => {
  it('counts `as` casts and angle-bracket assertions, not `as const`', () => {
    const counts = countSource(
      'a.ts',
      [
        'const a = value as string;',
        'const b = value as unknown as number;',
        'const c = <Date>value;',
        "const d = ['x'] as const;",
        'const e = { k: 1 } satisfies object;',
      ].join('\n'),
    );
    expect(counts.casts.map((site) => site.line)).toEqual([1, 2, 2, 3]);
  });

  it('counts non-null assertions, not definite assignments', () => {
    const counts = countSource(
      'a.ts',
      ['let x!: number;', 'const y = map.get(k)!.name;', 'const z = list[0]!;'].join('\n'),
    );
    expect(counts.nonNull.map((site) => site.line)).toEqual([2, 3]);
  });

  it("counts Reflect.get/apply and `_`-prefixed members, not the game's own `_id`", () => {
    const counts = countSource(
      'a.ts',
      [
        "const a = Reflect.get(client, 'ondata');", // 1
        'Reflect.apply(fn, target, []);', // 2
        'const b = ws._sender;', // 3
        "const c = schema['_zod'];", // 4
        'const d = character._id;', // 5
        "Reflect.set(row, 'x', 1); const e = Reflect.has(row, 'x');", // 6
      ].join('\n'),
    );
    expect(counts.privateReach.map((site) => site.line)).toEqual([1, 2, 3, 4]);
  });

  it('reads casts in .tsx files as TSX', () => {
    const counts = countSource('a.tsx', 'export const A = () => <div id={name as string} />;');
    expect(counts.casts).toHaveLength(1);
  });

  it('measures functions, arrow functions, methods, constructors and accessors, nested ones on their own', () => {
    const source = [
      'export function outer() {', // 1
      '  const inner = () => {', // 2
      lines(3), // 3-5
      '  };', // 6
      '  return 1;', // 7
      '}', // 8
      'class Room {', // 9
      '  constructor() {}', // 10
      '  get size() { return 1; }', // 11
      '  pay(a: number) {', // 12
      '    return a;', // 13
      '  }', // 14
      '  handler = function () {};', // 15
      '}', // 16
      "app.get('/x', async () => {", // 17
      '});', // 18
      'export function routes() {', // 19
      '  return async (app: unknown) => {', // 20
      '  };', // 21
      '}', // 22
      'declare function bodiless(): void;', // 23
    ].join('\n');
    const functions = countSource('a.ts', source).functions.map(({ name, line, lines }) => ({
      name,
      line,
      lines,
    }));
    expect(functions).toEqual([
      { name: 'outer', line: 1, lines: 8 },
      { name: 'inner', line: 2, lines: 5 },
      { name: 'Room.constructor', line: 10, lines: 1 },
      { name: 'Room.size', line: 11, lines: 1 },
      { name: 'Room.pay', line: 12, lines: 3 },
      { name: 'Room.handler', line: 15, lines: 1 },
      { name: 'app.get(…) callback', line: 17, lines: 2 },
      { name: 'routes', line: 19, lines: 4 },
      { name: "routes's returned function", line: 20, lines: 2 },
    ]);
  });

  it('counts lines as an editor numbers them', () => {
    expect(countLines('')).toBe(0);
    expect(countLines('a')).toBe(1);
    expect(countLines('a\n')).toBe(1);
    expect(countLines('a\nb\n')).toBe(2);
    expect(countLines('a\n\n')).toBe(2);
  });
});

describe('staleComments', () => {
  // Built from parts so that this file's own comments stay clean.
  const issue = ['issue', '34'].join(' ');
  const section = ['spec-a', '§4'].join(' ');

  it('finds issue numbers and spec sections in every kind of comment, not in strings or JSX text', () => {
    const text = [
      `// ${issue}: the operator's API`,
      `/** The referral code (${section}). */`,
      `const s = '${issue} ${section}'; // ${section}`,
      `export const C = () => <p>see ${section}{/* ${section} */}</p>;`,
      '// rules U1; decisions D-AUTH-7',
    ].join('\n');
    expect(staleComments('a.tsx', text).map((site) => site.line)).toEqual([1, 2, 3, 4]);
  });
});

describe('the ratchet', () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) fs.rmSync(root, { recursive: true, force: true });
    root = undefined;
  });

  const write = (file: string, text: string) => {
    if (!root) throw new Error('no root');
    const full = path.join(root, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, text);
  };

  const bigFunction = `export function big() {\n${lines(81)}\n}\n`;

  function makeTree(): { ceilingsFile: string } {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'code-counts-'));
    write(
      'apps/server/src/a.ts',
      'export const a = (x: unknown) => x as string;\nexport const b = (m: Map<string, string>) => m.get("k")!;\n',
    );
    write('apps/web/src/big.tsx', bigFunction + lines(400));
    write('packages/shared/src/c.ts', 'export const c = 1 as number;\n');
    // Reaching into a library counts in the server outside its fence, platform/, and nowhere else.
    write('apps/server/src/realtime/d.ts', 'export const d = (ws: { _sender: 1 }) => ws._sender;\n');
    write('apps/server/src/platform/ws/e.ts', 'export const e = (ws: { _sender: 1 }) => ws._sender;\n');
    write('apps/web/src/f.ts', "export const f = Reflect.get(globalThis, 'x');\n");
    // Not production code: none of these counts.
    write('apps/server/src/a.test.ts', 'const t = 1 as number;\n');
    write('apps/web/src/ui.spec.tsx', 'const t = 1 as number;\n');
    write('apps/server/src/test/helper.ts', 'const t = 1 as number;\n');
    write('apps/web/src/types/lib.d.ts', 'declare const t: string;\n');
    write('apps/server/test/suite.ts', 'const t = 1 as number;\n');
    write('scripts/tool.ts', `// ${['issue', '7'].join(' ')}\nconst t = 1 as number;\n`);
    write('e2e/flow.test.ts', `/* ${['spec-b', '§2'].join(' ')} */\nconst t = 1;\n`);
    write('README.md', 'one\ntwo\nthree\n');
    const ceilingsFile = path.join(root, 'ceilings.json');
    return { ceilingsFile };
  }

  const quiet = { log: () => {}, error: () => {} };
  const setCeilings = (file: string, ceilings: Ceilings) => fs.writeFileSync(file, JSON.stringify(ceilings));

  it('counts only production sources under apps/*/src and packages/*/src', () => {
    makeTree();
    if (!root) throw new Error('no root');
    const report = measure(root);
    expect(report.counts).toEqual({
      casts: 2,
      nonNull: 1,
      filesOver400: 1,
      functionsOver80: 1,
      readmeLines: 3,
      staleComments: 2,
      privateReach: 1,
    });
    expect(report.staleComments.map((site) => site.file)).toEqual(['e2e/flow.test.ts', 'scripts/tool.ts']);
    expect(report.privateReach.map((site) => site.file)).toEqual(['apps/server/src/realtime/d.ts']);
    expect(report.bigFiles.map((entry) => entry.file)).toEqual(['apps/web/src/big.tsx']);
    expect(report.bigFunctions.map((entry) => `${entry.name} ${entry.file}:${entry.line}`)).toEqual([
      'big apps/web/src/big.tsx:1',
    ]);
  });

  it('passes at the ceilings and fails when any count rises above its ceiling', () => {
    const { ceilingsFile } = makeTree();
    if (!root) throw new Error('no root');
    const at: Ceilings = {
      casts: 2,
      nonNull: 1,
      filesOver400: 1,
      functionsOver80: 1,
      readmeLines: 3,
      staleComments: 2,
      privateReach: 1,
    };
    setCeilings(ceilingsFile, at);
    expect(run([], { root, ceilingsFile, ...quiet })).toBe(0);
    for (const name of COUNT_NAMES) {
      setCeilings(ceilingsFile, { ...at, [name]: at[name] - 1 });
      const errors: string[] = [];
      expect(run([], { root, ceilingsFile, log: () => {}, error: (line) => errors.push(line) })).toBe(1);
      expect(errors.join('\n')).toContain('rose above');
    }
  });

  it('--update lowers ceilings to the counts and never raises one', () => {
    const { ceilingsFile } = makeTree();
    if (!root) throw new Error('no root');
    setCeilings(ceilingsFile, {
      casts: 10,
      nonNull: 0,
      filesOver400: 5,
      functionsOver80: 1,
      readmeLines: 300,
      staleComments: 0,
      privateReach: 0,
    });
    expect(run(['--update'], { root, ceilingsFile, ...quiet })).toBe(1);
    expect(JSON.parse(fs.readFileSync(ceilingsFile, 'utf8'))).toEqual({
      casts: 2,
      nonNull: 0,
      filesOver400: 1,
      functionsOver80: 1,
      readmeLines: 3,
      staleComments: 0,
      privateReach: 0,
    });
    expect(
      lowered(
        {
          casts: 5,
          nonNull: 5,
          filesOver400: 5,
          functionsOver80: 5,
          readmeLines: 5,
          staleComments: 3,
          privateReach: 2,
        },
        {
          casts: 4,
          nonNull: 6,
          filesOver400: 5,
          functionsOver80: 0,
          readmeLines: 9,
          staleComments: 0,
          privateReach: 0,
        },
      ),
    ).toEqual({
      casts: 4,
      nonNull: 5,
      filesOver400: 5,
      functionsOver80: 0,
      readmeLines: 5,
      staleComments: 0,
      privateReach: 0,
    });
  });

  it('--verbose lists each offending site, file and function', () => {
    const { ceilingsFile } = makeTree();
    if (!root) throw new Error('no root');
    setCeilings(ceilingsFile, {
      casts: 2,
      nonNull: 1,
      filesOver400: 1,
      functionsOver80: 1,
      readmeLines: 3,
      staleComments: 2,
      privateReach: 1,
    });
    const out: string[] = [];
    expect(run(['--verbose'], { root, ceilingsFile, log: (line) => out.push(line), error: () => {} })).toBe(
      0,
    );
    const text = out.join('\n');
    expect(text).toContain('apps/server/src/a.ts:1  x as string');
    expect(text).toContain('packages/shared/src/c.ts:1  1 as number');
    expect(text).toContain('apps/server/src/a.ts:2  m.get("k")!');
    expect(text).toContain('scripts/tool.ts:1');
    expect(text).toContain('apps/server/src/realtime/d.ts:1  ws._sender');
    expect(text).toMatch(/483 {2}apps\/web\/src\/big\.tsx/);
    expect(text).toMatch(/83 {2}big {2}apps\/web\/src\/big\.tsx:1/);
    expect(run(['--bogus'], { root, ceilingsFile, ...quiet })).toBe(2);
  });
});
