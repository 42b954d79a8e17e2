import { balancesSchema } from '@titans/shared/user/schemas';
import { describe, expect, test, vi } from 'vitest';
import { deferSchemaLoads, lazySchema } from './lazy-schema.ts';

const balances = { coins: 1, gems: 2, energy: 3, max_energy: 4, pending: 0 };

describe('lazy response schema', () => {
  test('loads once, from prepare or the first parse, and parses like the schema', async () => {
    const load = vi.fn(async () => balancesSchema);
    const schema = lazySchema(load);
    expect(load).not.toHaveBeenCalled();
    schema.prepare?.();
    await expect(schema.safeParse(balances)).resolves.toMatchObject({ success: true, data: balances });
    await expect(schema.safeParse({ ...balances, coins: 'x' })).resolves.toMatchObject({ success: false });
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a load that failed is tried again by the next call', async () => {
    const load = vi
      .fn<() => Promise<typeof balancesSchema>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(balancesSchema);
    const schema = lazySchema(load);
    await expect(schema.safeParse(balances)).rejects.toThrow('Failed to fetch');
    await expect(schema.safeParse(balances)).resolves.toMatchObject({ success: true });
    expect(load).toHaveBeenCalledTimes(2);
  });

  test('deferred loads wait for the gate, then parse as before (D-WEB-44)', async () => {
    let open = () => {};
    deferSchemaLoads(new Promise<void>((resolve) => (open = resolve)));
    try {
      const load = vi.fn(async () => balancesSchema);
      const schema = lazySchema(load);
      schema.prepare?.();
      const parsed = schema.safeParse(balances);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(load).not.toHaveBeenCalled();
      open();
      await expect(parsed).resolves.toMatchObject({ success: true, data: balances });
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      deferSchemaLoads(Promise.resolve());
    }
  });
});
