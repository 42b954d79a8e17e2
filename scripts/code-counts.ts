import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/**
 * Code counts read from the TypeScript AST of the production sources (apps/*\/src, packages/*\/src;
 * tests, *.test.* files and declaration files excluded), printed beside the targets the project set
 * itself, and held by a ratchet: scripts/code-counts.json keeps a ceiling per count, a count above its ceiling
 * fails the run, and `--update` lowers the ceilings to today's counts (it never raises one).
 *
 *   tsx scripts/code-counts.ts             table; exit 1 if a count rose above its ceiling
 *   tsx scripts/code-counts.ts --verbose   … and every offending cast, `!`, file and function
 *   tsx scripts/code-counts.ts --update    lower the ceilings to the current counts
 *
 * One count reads comments in every TypeScript file of apps/, packages/, scripts/ and e2e/, tests
 * included: references that age badly (an issue number, a section of a specification the repository
 * does not hold). Rule ids from docs/rules.md and decision ids from docs/decisions.md take their place.
 * `privateReach` counts reads of a library's private parts in the server outside its fence,
 * apps/server/src/platform/ (issue-free wording in docs/architecture.md, "The fence"): every
 * `Reflect.get` and `Reflect.apply` (the way to read a private field without a cast) and every
 * `_`-prefixed member, `x._foo` or `x['_foo']`.
 */

export const FILE_LINE_LIMIT = 400;
export const FUNCTION_LINE_LIMIT = 80;

export type CountName =
  | 'casts'
  | 'nonNull'
  | 'filesOver400'
  | 'functionsOver80'
  | 'readmeLines'
  | 'staleComments'
  | 'privateReach';
export const COUNT_NAMES: readonly CountName[] = [
  'casts',
  'nonNull',
  'filesOver400',
  'functionsOver80',
  'readmeLines',
  'staleComments',
  'privateReach',
];

/** In a comment: the word issue and a number, or the section sign and a number (a spec's section). */
export const STALE_REFERENCE = /\bissue #?\d+|(?<!RFC \d+ )§\s*\d/i;

/** Where `privateReach` is counted: the server's sources, outside the fence. */
export const SERVER_SOURCES = 'apps/server/src/';
export const FENCE = 'apps/server/src/platform/';

/** `_`-prefixed names that are the game's own wire fields (the shared schemas' `_id`), not a library's. */
const OWN_UNDERSCORE_NAMES = new Set(['_id']);

/** What a newcomer-friendly code base should reach; shown, not enforced (the ceilings are). */
export const TARGETS: Record<CountName, number> = {
  casts: 80,
  nonNull: 15,
  filesOver400: 2,
  functionsOver80: 20,
  readmeLines: 300,
  staleComments: 0,
  privateReach: 0,
};

const LABELS: Record<CountName, string> = {
  casts: '`as` casts (not `as const`) and `<T>` assertions',
  nonNull: 'non-null `!` assertions',
  filesOver400: `files over ${FILE_LINE_LIMIT} lines`,
  functionsOver80: `functions over ${FUNCTION_LINE_LIMIT} lines`,
  readmeLines: 'README lines',
  staleComments: 'comments citing an issue number or a spec §',
  privateReach: 'Reflect.get/apply and `_` members in the server outside platform/',
};

export interface Site {
  file: string;
  line: number;
  text: string;
}

export interface FunctionSize {
  name: string;
  file: string;
  line: number;
  lines: number;
}

export interface SourceCounts {
  file: string;
  lines: number;
  casts: Site[];
  nonNull: Site[];
  privateReach: Site[];
  functions: FunctionSize[];
}

/** Lines as an editor numbers them: a final newline does not start another line. */
export function countLines(text: string): number {
  if (text === '') return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

function propertyNameText(name: ts.PropertyName | ts.BindingName): string {
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return '[computed]';
}

function className(node: ts.Node): string | undefined {
  const owner = node.parent;
  if (owner && (ts.isClassDeclaration(owner) || ts.isClassExpression(owner)))
    return owner.name?.text ?? 'class';
  return undefined;
}

/** A readable name for a function-like node: its own name, or where it is bound or passed. */
function functionName(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return `${className(node) ?? 'class'}.constructor`;
  if (
    ts.isMethodDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  ) {
    const owner = className(node);
    const name = propertyNameText(node.name);
    return owner ? `${owner}.${name}` : name;
  }
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (ts.isFunctionDeclaration(node)) return 'default';
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent)) return propertyNameText(parent.name);
  if (ts.isPropertyAssignment(parent)) return propertyNameText(parent.name);
  if (ts.isPropertyDeclaration(parent)) {
    const owner = className(parent);
    const name = propertyNameText(parent.name);
    return owner ? `${owner}.${name}` : name;
  }
  if (ts.isExportAssignment(parent)) return 'default';
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(source).replace(/\s+/g, ' ');
    return `${callee.length > 40 ? `${callee.slice(0, 39)}…` : callee}(…) callback`;
  }
  if (ts.isReturnStatement(parent)) {
    let outer: ts.Node | undefined = parent.parent;
    while (outer && !isFunctionWithBody(outer)) outer = outer.parent;
    if (outer && isFunctionWithBody(outer)) return `${functionName(outer, source)}'s returned function`;
  }
  return 'anonymous';
}

function lineOf(source: ts.SourceFile, position: number): number {
  return source.getLineAndCharacterOfPosition(position).line + 1;
}

function siteText(node: ts.Node, source: ts.SourceFile): string {
  const text = node.getText(source).replace(/\s+/g, ' ');
  return text.length > 70 ? `${text.slice(0, 69)}…` : text;
}

/** Functions, function expressions, arrow functions, methods, constructors and accessors that have a body. */
function isFunctionWithBody(node: ts.Node): node is ts.FunctionLikeDeclaration {
  const functionLike =
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node);
  return functionLike && node.body !== undefined;
}

/**
 * The comments of a source that cite an issue number or a specification section: every comment is
 * leading trivia of some token, so the walk visits tokens (getChildren), not only nodes.
 */
export function staleComments(file: string, text: string): Site[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const seen = new Set<number>();
  const sites: Site[] = [];
  // A comment on the line of the token before it is that token's trailing trivia, not leading.
  const commentsAt = (position: number) => [
    ...(ts.getLeadingCommentRanges(text, position) ?? []),
    ...(ts.getTrailingCommentRanges(text, position) ?? []),
  ];
  const visit = (node: ts.Node): void => {
    // A JSX comment `{/* … */}` is trivia inside the braces, before no token of its own.
    const inBraces = ts.isJsxExpression(node) ? commentsAt(node.getStart(source) + 1) : [];
    for (const range of [...commentsAt(node.pos), ...inBraces]) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      const comment = text.slice(range.pos, range.end);
      const match = STALE_REFERENCE.exec(comment);
      if (!match) continue;
      const at = range.pos + match.index;
      const line = text.slice(
        text.lastIndexOf('\n', at) + 1,
        text.indexOf('\n', at) < 0 ? undefined : text.indexOf('\n', at),
      );
      sites.push({ file, line: lineOf(source, at), text: line.trim().slice(0, 70) });
    }
    if (node.kind !== ts.SyntaxKind.JsxText) for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return sites;
}

/** Counts one source text; `file` only names it (and picks TSX for .tsx). */
export function countSource(file: string, text: string): SourceCounts {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const counts: SourceCounts = {
    file,
    lines: countLines(text),
    casts: [],
    nonNull: [],
    privateReach: [],
    functions: [],
  };
  const site = (node: ts.Node): Site => ({
    file,
    line: lineOf(source, node.getStart(source)),
    text: siteText(node, source),
  });

  const visit = (node: ts.Node): void => {
    if (ts.isAsExpression(node) && !ts.isConstTypeReference(node.type)) counts.casts.push(site(node));
    else if (ts.isTypeAssertionExpression(node) && !ts.isConstTypeReference(node.type))
      counts.casts.push(site(node));
    else if (ts.isNonNullExpression(node)) counts.nonNull.push(site(node));
    if (reachesPrivate(node)) counts.privateReach.push(site(node));
    if (isFunctionWithBody(node)) {
      const start = lineOf(source, node.getStart(source));
      const end = lineOf(source, node.getEnd());
      counts.functions.push({ name: functionName(node, source), file, line: start, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return counts;
}

/** `Reflect.get(…)`, `Reflect.apply(…)`, `x._foo` or `x['_foo']` (not the game's own `_id`). */
function reachesPrivate(node: ts.Node): boolean {
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    return (
      ts.isPropertyAccessExpression(callee) &&
      ts.isIdentifier(callee.expression) &&
      callee.expression.text === 'Reflect' &&
      (callee.name.text === 'get' || callee.name.text === 'apply')
    );
  }
  let name: string | undefined;
  if (ts.isPropertyAccessExpression(node)) name = node.name.text;
  else if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression))
    name = node.argumentExpression.text;
  return name?.startsWith('_') === true && !OWN_UNDERSCORE_NAMES.has(name);
}

/** The production sources: .ts/.tsx under apps/*\/src and packages/*\/src, without tests and .d.ts. */
export function productionFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (directory: string): void => {
    for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        if (entry.name === 'node_modules' || entry.name === 'test' || entry.name === '__tests__') continue;
        walk(full);
      } else if (
        /\.tsx?$/.test(entry.name) &&
        !entry.name.endsWith('.d.ts') &&
        !/\.(test|spec)\./.test(entry.name)
      ) {
        files.push(full);
      }
    }
  };
  for (const group of ['apps', 'packages']) {
    const groupDir = path.join(root, group);
    if (!fs.existsSync(groupDir)) continue;
    for (const workspace of fs.readdirSync(groupDir).sort()) {
      const src = path.join(groupDir, workspace, 'src');
      if (fs.existsSync(src)) walk(src);
    }
  }
  return files.sort();
}

/** Every TypeScript file whose comments are read: apps/, packages/, scripts/, e2e/, tests included. */
export function commentedFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (directory: string): void => {
    for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
    }
  };
  for (const group of ['apps', 'packages', 'scripts', 'e2e'])
    if (fs.existsSync(path.join(root, group))) walk(path.join(root, group));
  return files.sort();
}

export interface Report {
  counts: Record<CountName, number>;
  staleComments: Site[];
  casts: Site[];
  nonNull: Site[];
  privateReach: Site[];
  bigFiles: { file: string; lines: number }[];
  bigFunctions: FunctionSize[];
}

export function measure(root: string): Report {
  const casts: Site[] = [];
  const nonNull: Site[] = [];
  const privateReach: Site[] = [];
  const bigFiles: { file: string; lines: number }[] = [];
  const bigFunctions: FunctionSize[] = [];
  const stale: Site[] = [];
  for (const full of commentedFiles(root)) {
    const file = path.relative(root, full).split(path.sep).join('/');
    stale.push(...staleComments(file, fs.readFileSync(full, 'utf8')));
  }
  for (const full of productionFiles(root)) {
    const file = path.relative(root, full).split(path.sep).join('/');
    const counts = countSource(file, fs.readFileSync(full, 'utf8'));
    casts.push(...counts.casts);
    nonNull.push(...counts.nonNull);
    if (file.startsWith(SERVER_SOURCES) && !file.startsWith(FENCE)) privateReach.push(...counts.privateReach);
    if (counts.lines > FILE_LINE_LIMIT) bigFiles.push({ file, lines: counts.lines });
    bigFunctions.push(...counts.functions.filter((fn) => fn.lines > FUNCTION_LINE_LIMIT));
  }
  bigFiles.sort((a, b) => b.lines - a.lines);
  bigFunctions.sort((a, b) => b.lines - a.lines);
  const readme = path.join(root, 'README.md');
  const readmeLines = fs.existsSync(readme) ? countLines(fs.readFileSync(readme, 'utf8')) : 0;
  return {
    counts: {
      casts: casts.length,
      nonNull: nonNull.length,
      filesOver400: bigFiles.length,
      functionsOver80: bigFunctions.length,
      readmeLines,
      staleComments: stale.length,
      privateReach: privateReach.length,
    },
    staleComments: stale,
    casts,
    nonNull,
    privateReach,
    bigFiles,
    bigFunctions,
  };
}

export type Ceilings = Record<CountName, number>;

export function readCeilings(file: string): Ceilings {
  const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null) throw new Error(`${file}: not a JSON object`);
  const ceiling = (name: CountName): number => {
    const value: unknown = Reflect.get(parsed, name);
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
      throw new Error(`${file}: "${name}" must be a whole number`);
    return value;
  };
  return {
    casts: ceiling('casts'),
    nonNull: ceiling('nonNull'),
    filesOver400: ceiling('filesOver400'),
    functionsOver80: ceiling('functionsOver80'),
    readmeLines: ceiling('readmeLines'),
    staleComments: ceiling('staleComments'),
    privateReach: ceiling('privateReach'),
  };
}

/** The counts that rose above their ceilings. */
export function overCeilings(counts: Record<CountName, number>, ceilings: Ceilings): CountName[] {
  return COUNT_NAMES.filter((name) => counts[name] > ceilings[name]);
}

/** Ceilings lowered to the current counts where those are lower; a ceiling is never raised. */
export function lowered(counts: Record<CountName, number>, ceilings: Ceilings): Ceilings {
  const next = { ...ceilings };
  for (const name of COUNT_NAMES) next[name] = Math.min(ceilings[name], counts[name]);
  return next;
}

function table(counts: Record<CountName, number>, ceilings: Ceilings): string {
  const rows = COUNT_NAMES.map((name) => {
    const state =
      counts[name] > ceilings[name] ? 'ABOVE CEILING' : counts[name] <= TARGETS[name] ? 'target met' : '';
    return [LABELS[name], `≤ ${TARGETS[name]}`, String(ceilings[name]), String(counts[name]), state];
  });
  const header = ['Count', 'Target', 'Ceiling', 'Now', ''];
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const format = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [format(header), ...rows.map(format)].join('\n');
}

function details(report: Report): string {
  const out: string[] = [];
  const sites = (title: string, list: Site[]) => {
    out.push('', `${title} (${list.length}):`);
    for (const entry of list) out.push(`  ${entry.file}:${entry.line}  ${entry.text}`);
  };
  sites('Casts', report.casts);
  sites('Non-null assertions', report.nonNull);
  sites('Comments citing an issue number or a spec §', report.staleComments);
  sites('Private reaches outside apps/server/src/platform/', report.privateReach);
  out.push('', `Files over ${FILE_LINE_LIMIT} lines (${report.bigFiles.length}):`);
  for (const entry of report.bigFiles) out.push(`  ${String(entry.lines).padStart(5)}  ${entry.file}`);
  out.push('', `Functions over ${FUNCTION_LINE_LIMIT} lines (${report.bigFunctions.length}):`);
  for (const entry of report.bigFunctions)
    out.push(`  ${String(entry.lines).padStart(5)}  ${entry.name}  ${entry.file}:${entry.line}`);
  return out.join('\n');
}

export interface RunOptions {
  root: string;
  ceilingsFile: string;
  log: (line: string) => void;
  error: (line: string) => void;
}

/** The command: prints the table (and details), applies --update, answers the exit code. */
export function run(argv: string[], { root, ceilingsFile, log, error }: RunOptions): number {
  const verbose = argv.includes('--verbose');
  const update = argv.includes('--update');
  const unknown = argv.filter((arg) => arg !== '--verbose' && arg !== '--update');
  if (unknown.length > 0) {
    error(`Unknown option ${unknown.join(' ')}; use --verbose and/or --update.`);
    return 2;
  }

  const report = measure(root);
  let ceilings = readCeilings(ceilingsFile);
  if (update) {
    const next = lowered(report.counts, ceilings);
    if (COUNT_NAMES.some((name) => next[name] !== ceilings[name])) {
      fs.writeFileSync(ceilingsFile, `${JSON.stringify(next, null, 2)}\n`);
      log(`Lowered the ceilings in ${path.relative(root, ceilingsFile)}.`);
    }
    ceilings = next;
  }

  log(table(report.counts, ceilings));
  if (verbose) log(details(report));

  const above = overCeilings(report.counts, ceilings);
  if (above.length > 0) {
    error(
      `\nCode counts rose above their ceilings (${path.relative(root, ceilingsFile)}): ${above
        .map((name) => `${LABELS[name]} ${report.counts[name]} > ${ceilings[name]}`)
        .join('; ')}. Bring them back down; --verbose lists where they are.`,
    );
    return 1;
  }
  if (!update && COUNT_NAMES.some((name) => report.counts[name] < ceilings[name])) {
    log(
      '\nSome counts are below their ceilings: `npx tsx scripts/code-counts.ts --update` locks the gain in.',
    );
  }
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = run(process.argv.slice(2), {
    root: path.resolve(import.meta.dirname, '..'),
    ceilingsFile: path.join(import.meta.dirname, 'code-counts.json'),
    log: (line) => console.log(line),
    error: (line) => console.error(line),
  });
}
