import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeEachDatabase,
  grantCoins,
  readyPlayer,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';

/**
 * D-AUTH-7: a `user_id` in a body and a user `{id}` in a path are the caller's Telegram id or
 * account id, accepted alike everywhere; anyone else's id, in either form, is a 403.
 */
describeEachDatabase('one meaning of user_id', (kind) => {
  let t: TestApp;
  let nextId = 94_000;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  const player = async () => {
    const id = nextId++;
    return { id, userId: await readyPlayer(t, id) };
  };

  it('A3 the daily claim takes the account id as the purchases do', async () => {
    const { id, userId } = await player();
    const claim = await t.call(id, 'POST', '/v1/reward/claim/day-1', { user_id: userId });
    expect(claim.status).toBe(200);
    expect(claim.body).toMatchObject({ success: true, data: { reward_id: 'day-1', current_streak: 1 } });
    // The same body shape buys in the Emporium.
    await grantCoins(t, userId, 10_000);
    expect((await t.call(id, 'POST', '/v1/purchase/item/ember-dagger', { user_id: userId })).status).toBe(
      200,
    );
  });

  it('A3 the daily claim takes the Telegram id, as text or as a number', async () => {
    const a = await player();
    const b = await player();
    expect((await t.call(a.id, 'POST', '/v1/reward/claim/day-1', { user_id: String(a.id) })).status).toBe(
      200,
    );
    expect((await t.call(b.id, 'POST', '/v1/reward/claim/day-1', { user_id: b.id })).status).toBe(200);
  });

  it("A3 a third party's id is refused with 403 in either form, and changes nothing", async () => {
    const { id, userId } = await player();
    const other = await player();
    for (const user_id of [other.userId, String(other.id), other.id]) {
      const claim = await t.call(id, 'POST', '/v1/reward/claim/day-1', { user_id });
      expect(claim.status).toBe(403);
      expect(claim.body).toMatchObject({ success: false, error: 'auth/forbidden' });
    }
    for (const user_id of [other.userId, String(other.id)]) {
      expect((await t.call(id, 'POST', '/v1/purchase/item/ember-dagger', { user_id })).status).toBe(403);
    }
    const mine = await t.call(id, 'GET', '/v1/daily-rewards');
    expect(mine.body.data.state.claimed_today).toBe(false);
    const theirs = await t.call(other.id, 'GET', '/v1/daily-rewards');
    expect(theirs.body.data.state.claimed_today).toBe(false);
    expect(userId).not.toBe(other.userId);
  });

  it('A3 a user {id} path takes either form of the caller, and refuses either form of another', async () => {
    const { id, userId } = await player();
    const other = await player();
    expect((await t.call(id, 'GET', `/v1/user/${userId}`)).body.data).toMatchObject({ _id: userId });
    expect((await t.call(id, 'GET', `/v1/task/stats/${userId}`)).status).toBe(200);
    expect((await t.call(id, 'GET', `/v1/users/${userId}/inventory`)).status).toBe(200);
    expect((await t.call(id, 'GET', `/v1/task/stats/${id}`)).status).toBe(200);
    expect((await t.call(id, 'GET', `/v1/user/${other.userId}`)).status).toBe(403);
    expect((await t.call(id, 'GET', `/v1/task/stats/${other.id}`)).status).toBe(403);
    expect((await t.call(id, 'GET', '/v1/task/stats/not-an-id')).status).toBe(400);
  });

  it('A3 before registration an account id cannot name the caller', async () => {
    const stranger = nextId++;
    const { userId } = await player();
    expect((await t.call(stranger, 'GET', `/v1/user/${userId}`)).status).toBe(403);
  });
});
