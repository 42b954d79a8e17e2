// Fenced: written against zod 4.6.7 (every schema's and check's internal `_zod.def`, `_zod.values`,
// `_zod.optin`, and the classes of `z.core`). The version is pinned in apps/server/package.json and
// packages/shared/package.json; test/quick-check.test.ts holds it to zod, and
// test/platform-contract.test.ts checks the version and that the path is taken.
import { MAX_EDGE_DEPTH } from '@titans/shared/constants';
import { z } from 'zod';
import { fastPathCounts } from '../fast-path-counts.ts';

/**
 * A quick yes from a shared zod schema (D-BATTLE-19), for the socket messages that come many
 * times a second (a tap). It is read off the schema's own definition once, at registration, and
 * answers `true` only for a value the schema accepts and would hand back unchanged: the right type
 * at every field, every check of the schema passed, no key the schema does not name. Any other
 * value goes to zod itself, so every refusal and its message are zod's; a schema with a part not
 * read here (a transform, a refinement, a record…) has no quick check. `safe` says that every
 * value it accepts passes the edge check (rules: H1) as well: its strings are all literals, enum
 * values or UUIDs, and it nests no deeper than the edge allows. `test/quick-check.test.ts` holds
 * it to zod.
 */
export interface QuickCheck<T> {
  accepts(value: unknown): value is T;
  readonly safe: boolean;
}

interface Compiled {
  accepts(value: unknown): boolean;
  /** Every string it accepts is one a player cannot choose freely (H1 has nothing to refuse). */
  safe: boolean;
  depth: number;
}

/** The schema's quick check, or null when a part of it is not one read here (zod decides alone). */
export function quickCheckOf<T>(schema: z.ZodType<T>): QuickCheck<T> | null {
  const compiled = compile(schema);
  if (!compiled) return null;
  return {
    accepts: (value): value is T => {
      if (!compiled.accepts(value)) return false;
      fastPathCounts.quickCheck++;
      return true;
    },
    safe: compiled.safe && compiled.depth <= MAX_EDGE_DEPTH,
  };
}

function compile(schema: z.core.$ZodType): Compiled | null {
  if (schema instanceof z.core.$ZodObject) return compileObject(schema);
  if (schema instanceof z.core.$ZodString) return compileString(schema);
  if (schema instanceof z.core.$ZodNumber) return compileNumber(schema);
  if (hasChecks(schema)) return null;
  if (schema instanceof z.core.$ZodBoolean)
    return { accepts: (v) => typeof v === 'boolean', safe: true, depth: 0 };
  if (schema instanceof z.core.$ZodLiteral || schema instanceof z.core.$ZodEnum) {
    // Written in the shared schemas, not chosen by players.
    const values: ReadonlySet<unknown> | undefined = schema._zod.values;
    return values ? { accepts: (v) => values.has(v), safe: true, depth: 0 } : null;
  }
  if (schema instanceof z.core.$ZodOptional) {
    const innerType = schema._zod.def.innerType;
    const inner = innerType._zod.optin === 'defaulted' ? null : compile(innerType);
    return inner && { ...inner, accepts: (v) => v === undefined || inner.accepts(v) };
  }
  if (schema instanceof z.core.$ZodUnion && !(schema instanceof z.core.$ZodDiscriminatedUnion)) {
    // zod answers the first option that accepts; each option read here hands the value back as is.
    const options: Compiled[] = [];
    for (const option of schema._zod.def.options) {
      const compiled = compile(option);
      if (!compiled) return null;
      options.push(compiled);
    }
    return {
      accepts: (v) => options.some((option) => option.accepts(v)),
      safe: options.every((option) => option.safe),
      depth: Math.max(0, ...options.map((option) => option.depth)),
    };
  }
  return null;
}

function compileObject(schema: z.core.$ZodObject): Compiled | null {
  // A strict object refuses other keys and a plain one drops them: a value with a key the shape
  // does not name is zod's to answer either way. Any other catch-all is zod's alone.
  const catchall = schema._zod.def.catchall;
  if (hasChecks(schema) || (catchall !== undefined && !(catchall instanceof z.core.$ZodNever))) return null;
  const fields: Array<{ key: string; compiled: Compiled }> = [];
  for (const [key, field] of Object.entries(schema._zod.def.shape)) {
    const compiled = compile(field);
    if (!compiled) return null;
    fields.push({ key, compiled });
  }
  const known = new Set(fields.map((field) => field.key));
  return {
    accepts(value) {
      // A plain object, as the socket's JSON parser makes them (zod would also take a Date, as `{}`).
      if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype)
        return false;
      for (const key in value) if (!known.has(key) || !Object.hasOwn(value, key)) return false;
      for (const field of fields) if (!field.compiled.accepts(Reflect.get(value, field.key))) return false;
      return true;
    },
    safe: fields.every((field) => field.compiled.safe),
    depth: 1 + Math.max(0, ...fields.map((field) => field.compiled.depth)),
  };
}

/** String formats whose check is their pattern alone; of them, those that match no free text. */
const PATTERN_FORMATS = new Set(['uuid', 'guid', 'regex']);
const SAFE_FORMATS = new Set(['uuid', 'guid']);

function compileString(schema: z.core.$ZodString): Compiled | null {
  const tests: Array<(value: string) => boolean> = [];
  let safe = false;
  for (const check of checksOf(schema)) {
    if (check instanceof z.core.$ZodCheckStringFormat) {
      const { format, pattern } = check._zod.def;
      if (!PATTERN_FORMATS.has(format) || !pattern || pattern.global || pattern.sticky) return null;
      tests.push((value) => pattern.test(value));
      safe ||= SAFE_FORMATS.has(format);
    } else if (check instanceof z.core.$ZodCheckMaxLength) {
      // zod counts code points, never more than the UTF-16 units counted here.
      const { maximum } = check._zod.def;
      tests.push((value) => value.length <= maximum);
    } else return null;
  }
  return {
    accepts: (v) => typeof v === 'string' && tests.every((test) => test(v)),
    safe,
    depth: 0,
  };
}

function compileNumber(schema: z.core.$ZodNumber): Compiled | null {
  const tests: Array<(value: number) => boolean> = [];
  for (const check of checksOf(schema)) {
    if (check instanceof z.core.$ZodCheckNumberFormat && check._zod.def.format === 'safeint') {
      tests.push((value) => Number.isSafeInteger(value));
    } else if (check instanceof z.core.$ZodCheckGreaterThan && typeof check._zod.def.value === 'number') {
      const bound = check._zod.def.value;
      tests.push(check._zod.def.inclusive ? (value) => value >= bound : (value) => value > bound);
    } else if (check instanceof z.core.$ZodCheckLessThan && typeof check._zod.def.value === 'number') {
      const bound = check._zod.def.value;
      tests.push(check._zod.def.inclusive ? (value) => value <= bound : (value) => value < bound);
    } else return null;
  }
  return {
    // zod's numbers are finite: NaN and the infinities are refused before any check.
    accepts: (v) => typeof v === 'number' && Number.isFinite(v) && tests.every((test) => test(v)),
    safe: true,
    depth: 0,
  };
}

/** The checks zod runs on a schema's value: a format schema (`z.int32()`, `z.uuid()`) is its own first check. */
function checksOf(schema: z.core.$ZodType): unknown[] {
  const own = schema._zod.def.checks ?? [];
  return schema instanceof z.core.$ZodCheck ? [schema, ...own] : own;
}

function hasChecks(schema: z.core.$ZodType): boolean {
  return checksOf(schema).length > 0;
}
