import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import {
  describeEachDatabase,
  grantCoins,
  readyPlayer,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';

/*
 * Character `isOwned`: GET /characters and GET /character/{id} say, per character,
 * whether the caller owns it. The Emporium shows Owned instead of the price from it.
 */
describeEachDatabase('characters carry isOwned for the caller', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  }, 240_000);
  afterAll(async () => t?.close());

  const list = async (telegramId: number, query = 'limit=100&skip=0') => {
    const answer = await t.call(telegramId, 'GET', `/v1/characters?${query}`);
    expect(answer.status).toBe(200);
    return new Map<string, boolean>(
      (answer.body.data.characters as Array<{ _id: string; isOwned: boolean }>).map((c) => [
        c._id,
        c.isOwned,
      ]),
    );
  };

  it('C3 isOwned is true for the chosen hero and a bought character, false for the rest and for other players', async () => {
    const buyer = 48_001;
    const other = 48_002;
    const buyerId = await readyPlayer(t, buyer);
    await readyPlayer(t, other);
    await grantCoins(t, buyerId, 100_000);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, buyerId));
    const hero = row!.selectedCharacterId!;

    const before = await list(buyer);
    expect(before.get(hero)).toBe(true);
    expect(before.get('bongo-the-brawler')).toBe(false);
    expect([...before.values()].filter(Boolean)).toHaveLength(1);

    const bought = await t.call(buyer, 'POST', '/v1/character/purchase/bongo-the-brawler', {
      user_id: String(buyer),
    });
    expect(bought.status).toBe(200);

    const after = await list(buyer);
    expect(after.get('bongo-the-brawler')).toBe(true);
    expect(
      [...after.entries()]
        .filter(([, owned]) => owned)
        .map(([id]) => id)
        .sort(),
    ).toEqual([hero, 'bongo-the-brawler'].sort());
    expect((await list(buyer, 'race=APE')).get('bongo-the-brawler')).toBe(true);
    const one = await t.call(buyer, 'GET', '/v1/character/bongo-the-brawler');
    expect(one.body.data).toMatchObject({ _id: 'bongo-the-brawler', isOwned: true });

    // Ownership is the caller's own: another player sees the same character as not owned.
    expect((await list(other)).get('bongo-the-brawler')).toBe(false);
    const theirs = await t.call(other, 'GET', '/v1/character/bongo-the-brawler');
    expect(theirs.body.data.isOwned).toBe(false);
  });

  it('C3 a signed-in caller without an account yet gets the list with isOwned false everywhere', async () => {
    const owned = await list(48_003);
    expect(owned.size).toBeGreaterThan(0);
    expect([...owned.values()].every((value) => value === false)).toBe(true);
  });
});
