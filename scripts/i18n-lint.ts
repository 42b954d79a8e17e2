import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The web app's texts live in its catalogues (apps/web/src/locales): this fails on a text a
 * player could see written into the source instead, and on a message read once at module load
 * (it would never change language). Ceiling 0.
 *
 *   tsx scripts/i18n-lint.ts    every finding; exit 1 if there is one
 */

const WEB_SRC = path.join(import.meta.dirname, '../apps/web/src');
const WEB_LOCALES = path.join(WEB_SRC, 'locales');
const SERVER_LOCALES = path.join(import.meta.dirname, '../apps/server/src/i18n/locales');
/** Props whose text a player sees or a screen reader speaks. */
const TEXT_PROPS = new Set([
  'title',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'placeholder',
  'alt',
  'label',
]);
const MESSAGE_CALLS = new Set(['t', 'tx']);

export interface Finding {
  file: string;
  line: number;
  text: string;
}

/** Text with a letter in it; symbols, digits and emoji are not words to translate. */
function hasWords(text: string): boolean {
  return /\p{L}/u.test(text);
}

function insideFunction(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isFunctionLike(parent) || ts.isClassElement(parent)) return true;
  }
  return false;
}

/** A string or template literal, or a condition choosing between them, written as a JSX child. */
function literalTexts(expression: ts.Expression): Array<{ node: ts.Node; text: string }> {
  if (ts.isStringLiteralLike(expression)) return [{ node: expression, text: expression.text }];
  if (ts.isTemplateExpression(expression)) {
    const text = [expression.head.text, ...expression.templateSpans.map((span) => span.literal.text)].join(
      ' ',
    );
    return [{ node: expression, text }];
  }
  if (ts.isParenthesizedExpression(expression)) return literalTexts(expression.expression);
  if (ts.isConditionalExpression(expression)) {
    return [...literalTexts(expression.whenTrue), ...literalTexts(expression.whenFalse)];
  }
  if (ts.isBinaryExpression(expression)) return literalTexts(expression.right);
  return [];
}

export function findingsIn(file: string, source: string): Finding[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: Finding[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    findings.push({ file, line: line + 1, text: text.trim().replace(/\s+/g, ' ').slice(0, 80) });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) report(node, node.text);
    if (ts.isJsxAttribute(node) && TEXT_PROPS.has(node.name.getText(sourceFile)) && node.initializer) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      for (const literal of value ? literalTexts(value) : []) {
        if (hasWords(literal.text)) report(literal.node, literal.text);
      }
    }
    if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      for (const literal of literalTexts(node.expression)) {
        if (hasWords(literal.text)) report(literal.node, literal.text);
      }
    }
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      MESSAGE_CALLS.has(node.expression.text) &&
      !insideFunction(node)
    ) {
      report(node, `${node.getText(sourceFile)} runs once at load: read it where it is shown`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return findings;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Keys a catalogue lacks, or (`extra`) has beyond English's, per language: a missing key would fall
 * back to English in the middle of a translated screen. The server's English names its Stars
 * packages from the product catalogue, so only its translations carry `package.*` keys.
 */
export function catalogueGaps(dir: string, extra = true): string[] {
  const keysOf = (file: string) => Object.keys(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
  const english = new Set(keysOf('en.json'));
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json') && file !== 'en.json')
    .flatMap((file) => {
      const keys = new Set(keysOf(file));
      const missing = [...english].filter((key) => !keys.has(key));
      const beyond = extra ? [...keys].filter((key) => !english.has(key)) : [];
      return [
        ...missing.map((key) => `${path.join(dir, file)}: missing ${key}`),
        ...beyond.map((key) => `${path.join(dir, file)}: not in en.json: ${key}`),
      ];
    });
}

function main() {
  const findings = sourceFiles(WEB_SRC).flatMap((file) => findingsIn(file, fs.readFileSync(file, 'utf8')));
  for (const finding of findings) {
    console.log(`${path.relative(process.cwd(), finding.file)}:${finding.line}  ${finding.text}`);
  }
  const gaps = [...catalogueGaps(WEB_LOCALES), ...catalogueGaps(SERVER_LOCALES, false)];
  for (const gap of gaps) console.log(path.relative(process.cwd(), gap));
  console.log(
    `i18n: ${findings.length} text(s) outside the catalogues, ${gaps.length} key(s) missing or extra in a language (ceiling 0 each)`,
  );
  if (findings.length > 0 || gaps.length > 0) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) main();
