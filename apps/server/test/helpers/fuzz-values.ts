import fc from 'fast-check';

/**
 * fast-check values generated from zod schemas (best effort over zod 4's definitions) and
 * hostile values around them, for the route and socket fuzz test.
 */

type Def = { type: string; [key: string]: any };
const defOf = (schema: unknown): Def | null => (schema as { _zod?: { def: Def } })?._zod?.def ?? null;

export interface ValueHints {
  /** Strings the game knows (catalogue ids, the player's own id), used for plausible values. */
  knownStrings: string[];
}

/** A plausible value for a schema: often valid, so the fuzz reaches the handlers behind validation. */
export function plausible(schema: unknown, hints: ValueHints, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (!def || depth > 6) return fc.anything({ maxDepth: 1 });
  const known = hints.knownStrings.length > 0 ? [fc.constantFrom(...hints.knownStrings)] : [];
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const entries = Object.fromEntries(
        Object.entries(shape).map(([key, value]) => [key, plausible(value, hints, depth + 1)]),
      );
      return fc.record(entries, {
        requiredKeys: Object.keys(shape).filter((key) => defOf(shape[key])?.type !== 'optional'),
      });
    }
    case 'string': {
      const pattern = (def.checks ?? []).find((check: any) => check._zod.def.check === 'string_format')?._zod
        .def.pattern;
      const max =
        (def.checks ?? []).find((check: any) => check._zod.def.check === 'max_length')?._zod.def.maximum ??
        40;
      return fc.oneof(
        ...(pattern instanceof RegExp
          ? [fc.stringMatching(pattern).filter((text) => text.length <= max)]
          : []),
        ...known,
        fc.string({ maxLength: Math.min(max, 40) }),
      );
    }
    case 'number': {
      const checks = (def.checks ?? []).map((check: any) => check._zod.def);
      const min = checks.find((check: any) => check.check === 'greater_than')?.value ?? -10;
      const max = checks.find((check: any) => check.check === 'less_than')?.value ?? 10_000;
      const integer = fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, 1e9) });
      return def.coerce ? fc.oneof(integer, integer.map(String)) : integer;
    }
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => plausible(option, hints, depth + 1)));
    case 'array':
      return fc.array(plausible(def.element, hints, depth + 1), { maxLength: 3 });
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
      return fc.option(plausible(def.innerType, hints, depth + 1), { nil: undefined });
    case 'nullable':
      return fc.option(plausible(def.innerType, hints, depth + 1), { nil: null });
    case 'pipe':
      return plausible(defOf(def.in)?.type === 'transform' ? def.out : def.in, hints, depth + 1);
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 8 }), plausible(def.valueType, hints, depth + 1), {
        maxKeys: 3,
      });
    default:
      return fc.anything({ maxDepth: 1 });
  }
}

/** Field names a schema declares at its top level (for targeted mutations). */
export function fieldsOf(schema: unknown): string[] {
  const def = defOf(schema);
  if (!def) return [];
  if (def.type === 'object') return Object.keys(def.shape);
  if (def.type === 'pipe') return fieldsOf(def.in);
  if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable')
    return fieldsOf(def.innerType);
  return [];
}

const MEGABYTE = 'x'.repeat(1 << 20);
/**
 * A value nested `depth` levels deep. Kept as a marker, because building and serialising 5 000
 * levels recursively would overflow the test's own stack: `toJson` writes it as text, and
 * `materialize` builds it (capped) for socket.io, whose encoder walks payloads recursively.
 */
export class Deep {
  constructor(readonly depth: number) {}
  toJSON() {
    return `\u0001deep:${this.depth}\u0001`;
  }
}
const nested = (depth: number) => new Deep(depth);

/** JSON text of a generated value, with every Deep written out in full. */
export function toJson(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.replace(/"\\u0001deep:(\d+)\\u0001"/g, (_all, depth: string) => {
    const levels = Number(depth);
    let open = '';
    let close = '';
    for (let level = 0; level < levels; level++) {
      open += level % 2 ? '[' : '{"a":';
      close = (level % 2 ? ']' : '}') + close;
    }
    return `${open}"deep"${close}`;
  });
}

/** The value with every Deep built as real nesting, at most `maxDepth` levels. */
export function materialize(value: unknown, maxDepth = 200): unknown {
  if (value instanceof Deep) {
    let built: unknown = 'deep';
    for (let level = 0; level < Math.min(value.depth, maxDepth); level++)
      built = level % 2 ? [built] : { a: built };
    return built;
  }
  if (Array.isArray(value)) return value.map((item) => materialize(item, maxDepth));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, materialize(item, maxDepth)]));
  return value;
}

/** Strings the edge check must refuse wherever they appear: NUL, control characters, lone surrogates, over-long. */
export const refusedString: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([a, b]) => `${a}\u0000${b}`),
  fc
    .tuple(
      fc.string({ maxLength: 8 }),
      fc.constantFrom(...'\u0001\u0002\u0007\u0008\u000b\u000c\u000e\u001b\u001f\u007f'),
    )
    .map(([a, control]) => `${a}${control}`),
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF'))
    .map(([a, half]) => `${a}${half}`),
  fc.constant(MEGABYTE),
  fc.integer({ min: 4_097, max: 70_000 }).map((length) => 'y'.repeat(length)),
);

/** A value the edge check must refuse: a refused string, or nesting past the depth limit. */
export const refusedValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: refusedString },
  { weight: 1, arbitrary: fc.integer({ min: 33, max: 5_000 }).map(nested) },
  { weight: 1, arbitrary: refusedString.map((text) => [text]) },
  { weight: 1, arbitrary: refusedString.map((text) => ({ [text.slice(0, 50)]: 1 })) },
);

/** Values of the wrong type or at the edges: JSON may or may not be refused, but never a 5xx. */
export const confusingValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    -0,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    2 ** 64,
    0.5,
    '',
    ' ',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e309',
    '-0',
    '0x10',
    '99999999999999999999999999',
    'null',
    'undefined',
    'true',
    '__proto__',
    'constructor',
    '../../etc/passwd',
    "' or 1=1 --",
    '%00',
    '\u202e\u0301',
    '👾',
    [],
    {},
  ),
  fc.integer(),
  fc.double(),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ maxLength: 200 }),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 4 }),
  fc.object({ maxDepth: 2 }),
  fc.integer({ min: 2, max: 30 }).map(nested),
);
