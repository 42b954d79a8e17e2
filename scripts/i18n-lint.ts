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
  // The battle HUD's and intro's line under a hero: who plays it.
  'player',
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

/**
 * Property names whose string values are never shown: styles, ids, routes, addresses, test hooks,
 * enum values. A text-like string under any other property is a text a player may see.
 */
const NON_TEXT_PROPS =
  /^(key|id|kind|type|itemType|status|state|variant|tone|size|icon|image|src|href|to|path|url|route|role|tag|name|event|code|className|class|testId|data-testid|ring|glow|text|chip|face|fill|stroke|color|gradient|accent|bg|style|font|locale|lang|dir|rel|target|mode|method|endpoint|queryKey|storageKey|format|unit|currency|emoji|easing)$|Class(Name)?$|Id$|Key$|Url$|Path$|Src$/;
/** Tailwind's one-word utilities: a class list made of these and dashed utilities is not a text. */
const ONE_WORD_CLASSES = new Set(
  'flex grid block inline hidden contents relative absolute fixed sticky static truncate italic uppercase lowercase capitalize underline grow shrink border rounded shadow ring outline transition transform blur invert isolate visible invisible collapse container antialiased group peer table panel tabular-nums'.split(
    ' ',
  ),
);

/**
 * Whether a string written outside JSX reads as a text: a capitalised word ("Live", "Free · no
 * stake"), or words with a space between them that are not a class list. Lower-case one-word
 * values ('connected', 'weapon') are ids; URLs, paths, message ids and class lists are not texts.
 */
export function looksLikeText(text: string): boolean {
  const trimmed = text.trim();
  if (!/\p{L}{2}/u.test(trimmed)) return false;
  // Addresses, paths, selectors and log lines ("[api] failed") are for machines and developers.
  if (/^(https?:|mailto:|tg:|data:|\/|\.{1,2}\/|#|@|\[|[a-z][\w-]*:\/\/)/.test(trimmed)) return false;
  // CSS: a function (translate(…)), a length or time (12px, 55ms), a declaration (padding:18px).
  if (/[A-Za-z]\(|\d(px|deg|ms|em|rem|vh|vw)\b|^[a-z-]+:\S/.test(trimmed)) return false;
  if (/^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+)+$/.test(trimmed)) return false;
  const tokens = trimmed.split(/\s+/);
  const classLike = (token: string) =>
    ONE_WORD_CLASSES.has(token.replace(/^!/, '')) || /^[!-]?(\[|[a-z0-9@*]+[-:/[\]._#%])/.test(token);
  if (tokens.every((token) => classLike(token) || !/\p{L}/u.test(token))) return false;
  if (tokens.length === 1) return /^\p{Lu}\p{Ll}/u.test(trimmed);
  return tokens.some((token) => /\p{L}{2}/u.test(token) && !classLike(token));
}

/** The name of the property a value is written under, if it is one. */
function propertyName(node: ts.Node): string | undefined {
  const parent = node.parent;
  if (ts.isPropertyAssignment(parent) && parent.initializer === node) {
    const name = parent.name;
    return ts.isIdentifier(name) || ts.isStringLiteralLike(name) ? name.text : undefined;
  }
  return undefined;
}

/** Whether a literal sits where a shown value does: a property value, an array element, an
 * assignment, a variable's value, a returned value, or a branch of a condition among them. */
function inValuePosition(node: ts.Node): boolean {
  let current: ts.Node = node;
  while (
    ts.isParenthesizedExpression(current.parent) ||
    (ts.isConditionalExpression(current.parent) && current.parent.condition !== current) ||
    (ts.isBinaryExpression(current.parent) &&
      current.parent.operatorToken.kind === ts.SyntaxKind.PlusToken) ||
    (ts.isBinaryExpression(current.parent) &&
      current.parent.right === current &&
      [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(
        current.parent.operatorToken.kind,
      )) ||
    ts.isAsExpression(current.parent) ||
    ts.isSatisfiesExpression(current.parent)
  )
    current = current.parent;
  const parent = current.parent;
  if (ts.isPropertyAssignment(parent) && parent.initializer === current) {
    const name = propertyName(current);
    return name === undefined || !NON_TEXT_PROPS.test(name);
  }
  if (ts.isArrayLiteralExpression(parent)) return true;
  if (ts.isVariableDeclaration(parent) && parent.initializer === current) return true;
  if (ts.isReturnStatement(parent) || ts.isArrowFunction(parent)) return true;
  if (
    ts.isBinaryExpression(parent) &&
    parent.right === current &&
    parent.operatorToken.kind === ts.SyntaxKind.EqualsToken
  ) {
    // `this.name = 'ApiError'`, `style.transform = …`: judged by the property, as in an object.
    const target = parent.left;
    return !(ts.isPropertyAccessExpression(target) && NON_TEXT_PROPS.test(target.name.text));
  }
  return false;
}

/** Inside JSX, where the checks above already read texts (and attributes are props, not texts). */
function insideJsx(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isJsxExpression(parent) || ts.isJsxAttribute(parent)) return true;
    if (ts.isFunctionLike(parent)) return false;
  }
  return false;
}

/** The words a template literal writes, its placeholders left out. */
function templateText(node: ts.TemplateExpression | ts.NoSubstitutionTemplateLiteral): string {
  if (ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
}

/**
 * A statement or property whose leading comment says `i18n-lint-ignore: <why>`: a value that reads
 * like words but is none (a chord name, a font shorthand, an English source the extract reads).
 */
function ignored(node: ts.Node, source: string): boolean {
  const comments = ts.getLeadingCommentRanges(source, node.getFullStart()) ?? [];
  return comments.some((range) => /i18n-lint-ignore: \S/.test(source.slice(range.pos, range.end)));
}

/** The development-only mock environment (app/mock-*.ts) never runs in a player's app. */
const DEVELOPMENT_ONLY = /[\\/]mock-[^\\/]*\.tsx?$/;

export function findingsIn(file: string, source: string): Finding[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: Finding[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    findings.push({ file, line: line + 1, text: text.trim().replace(/\s+/g, ' ').slice(0, 80) });
  };
  const visit = (node: ts.Node) => {
    if (ignored(node, source)) return;
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
    // Texts kept in objects, arrays, variables and templates outside JSX, shown later.
    if (
      !DEVELOPMENT_ONLY.test(file) &&
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateExpression(node)) &&
      !insideJsx(node) &&
      !ts.isTaggedTemplateExpression(node.parent)
    ) {
      const text = ts.isStringLiteral(node) ? node.text : templateText(node);
      if (looksLikeText(text) && inValuePosition(node)) report(node, text);
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
