import { findUnsafeValue } from '@titans/shared/input/safe-text';
import { CLIENT_EVENT_SCHEMAS, type ClientEventName } from '@titans/shared/realtime/events';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { quickCheckOf } from '../src/platform/zod/quick-check.ts';

// D-BATTLE-19: a quick yes is read off the shared schema and may only ever agree with zod.

const BATTLE = '3f2a8c1e-9b7d-4e21-8a3f-5c6d7e8f9a0b';

/** Payloads each event's schema accepts, as a client sends them. */
const VALID: Partial<Record<ClientEventName, unknown[]>> = {
  initUser: [{ telegram_user_id: '123456' }, { telegram_user_id: 123456 }],
  tap: [
    { telegram_user_id: '7', count: 3, seq: 9 },
    { telegram_user_id: 7, tap_power: 2.5, tap_multiplier: 1 },
  ],
  cancelMatchmaking: [{}, { telegram_user_id: '42' }],
  battleAction: [
    { battle_id: BATTLE, action: { type: 'attack' }, target_id: 5 },
    { battle_id: BATTLE, action: { type: 'attack' } },
  ],
  pvpTap: [
    { battle_id: BATTLE, target_id: 1 },
    { battle_id: BATTLE, target_id: 1_000_000 },
    { battle_id: BATTLE },
  ],
  rejoinBattle: [{ battle_id: BATTLE }],
  forfeitBattle: [{ battle_id: BATTLE.toUpperCase() }],
};

/** Values that a field may be sent as instead: each wrong for some schema, right for others. */
const ODD_VALUES: unknown[] = [
  null,
  undefined,
  '',
  'x',
  'attack',
  'defend',
  '12\u0000',
  '\ud800',
  'a'.repeat(5000),
  '123',
  BATTLE.slice(1),
  `${BATTLE.slice(0, 14)}9${BATTLE.slice(15)}`,
  `${BATTLE}\n`,
  0,
  -1,
  1,
  1.5,
  1_000_000,
  1_000_001,
  Number.MAX_SAFE_INTEGER + 2,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  {},
  [],
  [BATTLE],
  { type: 'attack' },
  { type: 'attack', extra: 1 },
  { type: { type: 'attack' } },
];

/** The valid payload and, for every field, every odd value in its place, its absence, and extra keys. */
function variants(valid: unknown): unknown[] {
  const out: unknown[] = [valid, null, 'payload', 7, [valid]];
  if (typeof valid !== 'object' || valid === null) return out;
  const entries = Object.entries(valid);
  out.push({ ...valid, unknown_key: 1 }, { ...valid, 'bad\u0000key': 1 });
  // JSON.parse makes `__proto__` an own key, as the socket's parser does.
  const rest = entries.length > 0 ? `, ${JSON.stringify(valid).slice(1)}` : '}';
  out.push(JSON.parse(`{"__proto__": {"battle_id": "${BATTLE}"}${rest}`));
  for (const [key, value] of entries) {
    const { [key]: _dropped, ...without } = valid as Record<string, unknown>;
    out.push(without);
    for (const odd of ODD_VALUES) out.push({ ...valid, [key]: odd });
    for (const nested of variants(value).slice(5)) out.push({ ...valid, [key]: nested });
  }
  return out;
}

describe('quick checks agree with the shared schemas (D-BATTLE-19)', () => {
  for (const [event, schema] of Object.entries(CLIENT_EVENT_SCHEMAS)) {
    const quick = quickCheckOf<unknown>(schema);
    const valid = VALID[event as ClientEventName] ?? [];

    test(`${event}: every quick yes is zod's yes, with the payload unchanged`, () => {
      if (!quick) return;
      let yes = 0;
      for (const sample of valid) {
        for (const payload of variants(sample)) {
          if (!quick.accepts(payload)) continue;
          yes++;
          const parsed = schema.safeParse(payload);
          expect(parsed.success, JSON.stringify(payload)).toBe(true);
          expect(parsed.data).toStrictEqual(payload);
          if (quick.safe) expect(findUnsafeValue(payload)).toBeNull();
        }
      }
      // Not a check that never says yes: every valid sample is answered quickly.
      expect(yes).toBeGreaterThanOrEqual(valid.length);
      for (const sample of valid) expect(quick.accepts(sample)).toBe(true);
    });
  }

  test('the tap events and the battle ids are answered quickly, and need no edge walk', () => {
    for (const event of ['pvpTap', 'battleAction', 'rejoinBattle', 'forfeitBattle'] as const) {
      expect(quickCheckOf(CLIENT_EVENT_SCHEMAS[event])?.safe).toBe(true);
    }
    // A Telegram id's pattern is the schema's own: the edge check still runs for it.
    expect(quickCheckOf(CLIENT_EVENT_SCHEMAS.initUser)?.safe).toBe(false);
    // Refined, bounded-below and list-valued fields are zod's alone.
    expect(quickCheckOf(CLIENT_EVENT_SCHEMAS.findMatch)).toBeNull();
  });

  test('a schema with a part not read here has no quick check', () => {
    const unread = [
      z.string().min(2),
      z.string().email(),
      z.string().transform((s) => s.trim()),
      z.number().refine((n) => n !== 3),
      z.number().multipleOf(2),
      z.array(z.string()),
      z.record(z.string(), z.number()),
      z.object({ a: z.number() }).catchall(z.string()),
      z.object({ a: z.number().default(1) }),
      z.object({ a: z.number() }).refine((o) => o.a > 1),
      z.discriminatedUnion('kind', [z.object({ kind: z.literal('a') }), z.object({ kind: z.literal('b') })]),
      z.string().nullable(),
      z.int32(),
      z.strictObject({ a: z.uint32() }),
      z.float32(),
    ];
    for (const schema of unread) expect(quickCheckOf<unknown>(schema)).toBeNull();
  });

  test('bounds, integers and finiteness are read as zod reads them', () => {
    const schema = z.strictObject({
      a: z.number().gt(1).lt(5),
      b: z.number().int().min(1).max(5).optional(),
      c: z.string().max(3),
    });
    const quick = quickCheckOf(schema);
    if (!quick) throw new Error('expected a quick check');
    const cases: Array<[unknown, boolean]> = [
      [{ a: 2, c: 'abc' }, true],
      [{ a: 1, c: '' }, false],
      [{ a: 5, c: '' }, false],
      [{ a: 4.5, b: 5, c: '' }, true],
      [{ a: 2, b: 0, c: '' }, false],
      [{ a: 2, b: 2.5, c: '' }, false],
      [{ a: Number.NaN, c: '' }, false],
      [{ a: 2, c: 'abcd' }, false],
      [{ a: 2, c: 'abc', d: 1 }, false],
      [{ c: 'abc' }, false],
    ];
    for (const [value, expected] of cases) {
      expect(quick.accepts(value), JSON.stringify(value)).toBe(expected);
      if (expected) expect(schema.safeParse(value).success).toBe(true);
    }
    // A format schema is its own check.
    const uuid = quickCheckOf(z.uuid());
    expect([uuid?.accepts(BATTLE), uuid?.accepts('3f2a8c1e'), uuid?.safe]).toEqual([true, false, true]);
    // A plain (stripping) object hands back only its own keys: a payload with others is zod's.
    const plain = quickCheckOf(z.object({ a: z.number() }));
    expect(plain?.accepts({ a: 1 })).toBe(true);
    expect(plain?.accepts({ a: 1, b: 2 })).toBe(false);
    // Only plain objects: zod hands back `{}` for a Date, not the Date.
    expect(quickCheckOf(CLIENT_EVENT_SCHEMAS.cancelMatchmaking)?.accepts(new Date())).toBe(false);
  });
});
