import { BASE_ENERGY_REGEN_PER_SECOND } from '@titans/shared/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { characters, users } from '../src/db/schema.ts';
import { describeEachDatabase, manualClock, startTestApp, type TestApp } from './helpers/test-app.ts';

/* Accounts on the app's time source: what the user calls write and show follows the app clock. */
describeEachDatabase('accounts on the app clock', (kind) => {
  let t: TestApp;
  const clock = manualClock(Date.UTC(2031, 3, 5, 10, 0, 0));

  beforeAll(async () => {
    t = await startTestApp(kind, { clock });
  }, 180_000);
  afterAll(async () => t?.close());

  const stamp = async (telegramId: number) => {
    const [row] = await t.database.db
      .select({ at: users.updatedAt })
      .from(users)
      .where(eq(users.telegramUserId, BigInt(telegramId)));
    return row?.at.getTime();
  };

  it("U1 U2 U3 a sign-in, a hero choice and a background change stamp the account with the app's time", async () => {
    const id = 65_001;
    expect((await t.call(id, 'POST', '/v1/user/register', { telegram_user_id: id })).status).toBe(200);
    clock.advance(60_000);
    expect((await t.call(id, 'POST', '/v1/user/register', { telegram_user_id: id })).body.message).toBe(
      'User already registered',
    );
    expect(await stamp(id)).toBe(clock());
    const [hero] = await t.database.db.select().from(characters).where(eq(characters.isFree, true)).limit(1);
    clock.advance(60_000);
    const chosen = await t.call(id, 'POST', `/v1/user/${id}/select-character`, { characterId: hero?.id });
    expect(chosen.status).toBe(200);
    expect(await stamp(id)).toBe(clock());
    clock.advance(60_000);
    expect((await t.call(id, 'PUT', `/v1/user/update/${id}`, { background_image: null })).status).toBe(200);
    expect(await stamp(id)).toBe(clock());
  });

  it("E2 the account and sync-balance show energy regenerated to the app's time", async () => {
    const id = 65_002;
    const registered = await t.call(id, 'POST', '/v1/user/register', { telegram_user_id: id });
    await t.database.db
      .update(users)
      .set({ energy: 0, energyUpdatedAt: new Date(clock()) })
      .where(eq(users.id, registered.body.data._id));
    clock.advance(10_000);
    const regenerated = 10 * BASE_ENERGY_REGEN_PER_SECOND;
    expect((await t.call(id, 'GET', `/v1/user/${id}`)).body.data.energy).toBe(regenerated);
    expect((await t.call(id, 'POST', `/v1/user/${id}/sync-balance`)).body.data).toMatchObject({
      energy: regenerated,
      pending: 0,
    });
    clock.advance(5_000);
    expect((await t.call(id, 'GET', `/v1/user/${id}`)).body.data.energy).toBe(
      15 * BASE_ENERGY_REGEN_PER_SECOND,
    );
  });
});
