import { z } from 'zod';
import {
  MAX_EDGE_DEPTH,
  MAX_EDGE_STRING_LENGTH,
  MAX_ID_LENGTH,
  MAX_TEXT_LENGTH,
  MAX_URL_LENGTH,
} from '../constants.ts';

/**
 * What PostgreSQL and the game accept in a string from outside (rules: H1). PostgreSQL refuses
 * NUL in text (`invalid byte sequence for encoding "UTF8": 0x00`) and a lone UTF-16 surrogate
 * cannot be encoded as UTF-8; C0 control characters other than tab, line feed and carriage
 * return, and DEL, have no place in names, ids or URLs.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters refused
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type TextProblem = 'nul' | 'control' | 'surrogate' | 'length';

const PROBLEM_TEXT: Record<TextProblem, string> = {
  nul: 'contains a NUL character',
  control: 'contains a control character',
  surrogate: 'is not valid UTF-8 (lone surrogate)',
  length: 'is too long',
};

/** Why a string may not be stored, or null when it may. `max` counts UTF-16 code units. */
export function textProblem(value: string, max: number = MAX_EDGE_STRING_LENGTH): TextProblem | null {
  if (value.length > max) return 'length';
  if (value.includes('\u0000')) return 'nul';
  if (CONTROL.test(value)) return 'control';
  if (LONE_SURROGATE.test(value)) return 'surrogate';
  return null;
}

export function describeTextProblem(problem: TextProblem, max: number = MAX_EDGE_STRING_LENGTH): string {
  return problem === 'length' ? `is too long (at most ${max} characters)` : PROBLEM_TEXT[problem];
}

export interface UnsafeValue {
  /** Where the bad value is: `characterId`, `items.2.name`, `(key) foo` for a key. */
  path: string;
  message: string;
}

/**
 * Walks a value from outside (parsed JSON, query, params, socket payload) and answers the first
 * string or key that may not be stored, a nesting deeper than `maxDepth`, or null. Iterative, so
 * a deeply nested payload cannot overflow the stack.
 */
export function findUnsafeValue(
  value: unknown,
  options: { maxLength?: number; maxDepth?: number; root?: string } = {},
): UnsafeValue | null {
  const maxLength = options.maxLength ?? MAX_EDGE_STRING_LENGTH;
  const maxDepth = options.maxDepth ?? MAX_EDGE_DEPTH;
  if (isPlain(value, maxLength, 0, maxDepth)) return null;
  const stack: Array<{ value: unknown; path: string; depth: number }> = [
    { value, path: options.root ?? '', depth: 0 },
  ];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (typeof item.value === 'string') {
      const problem = textProblem(item.value, maxLength);
      if (problem) return { path: item.path || 'value', message: describeTextProblem(problem, maxLength) };
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth >= maxDepth)
      return { path: item.path || 'value', message: `is nested too deeply (at most ${maxDepth} levels)` };
    if (Array.isArray(item.value)) {
      for (let index = 0; index < item.value.length; index++)
        stack.push({ value: item.value[index], path: join(item.path, String(index)), depth: item.depth + 1 });
      continue;
    }
    for (const [key, child] of Object.entries(item.value)) {
      const keyProblem = textProblem(key, MAX_ID_LENGTH);
      const printable = keyProblem ? '(key)' : key;
      if (keyProblem)
        return {
          path: join(item.path, printable),
          message: `key ${describeTextProblem(keyProblem, MAX_ID_LENGTH)}`,
        };
      stack.push({ value: child, path: join(item.path, key), depth: item.depth + 1 });
    }
  }
  return null;
}

function join(base: string, key: string) {
  return base ? `${base}.${key}` : key;
}

/** Keys that are plain names: nothing in them to refuse. */
const PLAIN_KEY = /^[A-Za-z0-9_]{1,64}$/;
/** Strings of printable ASCII: no NUL, control character or surrogate in them. */
const PLAIN_STRING = /^[\x20-\x7E]*$/;

/** How deep the unwalked payload of isPlain may be: a battle action names its kind in one nested object. */
const PLAIN_LEVELS = 2;

/**
 * The common payload, answered without walking it or allocating: an object whose keys are plain
 * names and whose values are numbers, booleans, null, printable ASCII strings of at most
 * `maxLength`, or (one level down, within `maxDepth`) such an object. A socket's `tap`, a PvP
 * tap naming its battle, a bot battle's `battleAction` with its `action: { type }`: one per tap
 * at human rates. Anything else is walked by findUnsafeValue, which names the path at fault.
 */
function isPlain(value: unknown, maxLength: number, depth: number, maxDepth: number): boolean {
  if (depth >= maxDepth || depth >= PLAIN_LEVELS) return false;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key) || !PLAIN_KEY.test(key)) return false;
    const child: unknown = Reflect.get(value, key);
    if (child === null || typeof child === 'number' || typeof child === 'boolean') continue;
    if (typeof child === 'string') {
      if (child.length > maxLength || !PLAIN_STRING.test(child)) return false;
    } else if (!isPlain(child, maxLength, depth + 1, maxDepth)) return false;
  }
  return true;
}

/** A string a player may send and the server may store: no NUL, control characters or lone surrogates, at most `max`. */
export function safeText(max: number = MAX_TEXT_LENGTH) {
  return z
    .string()
    .max(max)
    .superRefine((value, context) => {
      const problem = textProblem(value, max);
      if (problem && problem !== 'length')
        context.addIssue({ code: 'custom', message: describeTextProblem(problem) });
    });
}

/** A catalogue id (characters, items, tasks…): letters, digits, `_.:-`, at most MAX_ID_LENGTH. */
export const catalogueIdSchema = z
  .string()
  .min(1)
  .max(MAX_ID_LENGTH)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, 'must be an id (letters, digits, _ . : -)');

/** An id the server issued (a UUID). */
export const uuidSchema = z.uuid();

/** A picture URL or path a player may name: safe text up to MAX_URL_LENGTH. */
export const urlTextSchema = safeText(MAX_URL_LENGTH);

/**
 * Makes a string from signed init data safe to store: drops NUL, control characters and lone
 * surrogates and cuts it to `max` (Telegram signed it, so it is cleaned rather than refused).
 */
export function cleanText(value: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing exactly these characters
  const cleaned = value.replace(/[\u0000-\u001F\u007F]/g, '').replace(new RegExp(LONE_SURROGATE, 'g'), '');
  if (cleaned.length <= max) return cleaned;
  // Do not cut a surrogate pair in half.
  const cut = cleaned.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
