import {
  REFERRAL_FRIEND_REWARD,
  REFERRAL_INVITER_REWARD,
  REFERRAL_UPGRADE_PRICE_STARS,
  REFERRAL_UPGRADED_REWARD,
} from '@titans/shared/constants';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { characters, ledger, referrals, users } from '../src/db/schema.ts';
import { connectSocket, type TestSocket } from './helpers/socket-client.ts';
import { describeEachDatabase, ledgerMatches, startTestApp, type TestApp } from './helpers/test-app.ts';

/** RACE_REPEATS=19 runs each race test 20 times in a row (the flake check). */
const RACE_REPEATS = Number(process.env.RACE_REPEATS ?? 0);

describeEachDatabase('referrals', (kind) => {
  let t: TestApp;
  let heroId: string;
  let nextId = 31_000;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind, {
      env: { TAP_FLUSH_INTERVAL_MS: '50', BOT_USERNAME: 'titans_bot', MINI_APP_NAME: 'play' },
    });
    const [hero] = await t.database.db.select().from(characters).where(eq(characters.isFree, true)).limit(1);
    heroId = hero!.id;
    // A PGlite app starts in seconds, but minutes on a machine other work keeps busy.
  }, 300_000);
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => t?.close());

  /** Registers a player, optionally with a start parameter in the signed init data and a body code. */
  const register = async (id: number, options: { startParam?: string; bodyCode?: string } = {}) => {
    const initData = t.initData(
      { id, first_name: `Friend${id}`, username: `friend${id}` },
      options.startParam ? { startParam: options.startParam } : {},
    );
    const response = await t.call(
      null,
      'POST',
      '/v1/user/register',
      { telegram_user_id: String(id), ...(options.bodyCode ? { referral_code: options.bodyCode } : {}) },
      { authorization: `tma ${initData}` },
    );
    expect(response.status).toBe(200);
    return response.body.data as { _id: string; referral_code: string; coins: number };
  };
  const chooseHero = async (id: number) => {
    const response = await t.call(id, 'POST', `/v1/user/${id}/select-character`, { characterId: heroId });
    expect(response.status).toBe(200);
    return response.body.data as { coins: number };
  };
  const coinsOf = async (userId: string) => {
    const [row] = await t.database.db
      .select({ coins: users.coins, earnings: users.referralEarnings })
      .from(users)
      .where(eq(users.id, userId));
    return row!;
  };
  const rewardsFor = async (refereeId: string) =>
    t.database.db.select().from(referrals).where(eq(referrals.refereeId, refereeId));
  const giveStars = async (userId: string, gems: number) => {
    const result = await t.gateway.change(userId, (money) =>
      money.apply({
        userId,
        currency: 'gems',
        delta: gems,
        reason: 'test-grant',
        idempotencyKey: `test-gems:${userId}:${Math.random()}`,
      }),
    );
    expect(result.ok).toBe(true);
  };

  it('R1 a friend from the signed start parameter pays both players once they choose a hero', async () => {
    const inviterId = nextId++;
    const friendId = nextId++;
    const inviter = await register(inviterId);
    await chooseHero(inviterId);
    const socket = await connectSocket(t.url, t.initData(inviterId), 'referral-inviter');
    sockets.push(socket);
    const ready = socket.next('statusUpdated');
    socket.emit('initUser', { telegram_user_id: inviterId });
    await ready;

    // Lower case and the buddies_ prefix: codes are case-insensitive.
    const friend = await register(friendId, { startParam: `buddies_${inviter.referral_code.toLowerCase()}` });
    expect((await rewardsFor(friend._id)).length).toBe(0);
    const pending = await t.call(inviterId, 'GET', `/v1/user/${inviterId}/referrals`);
    expect(pending.body.data).toEqual([
      expect.objectContaining({ username: `friend${friendId}`, status: 'pending' }),
    ]);
    expect(pending.body.data[0]).not.toHaveProperty('referral_earnings');

    const joined = socket.next('referralJoined');
    const pushed = socket.next('statusUpdated', (payload) => payload.coins === REFERRAL_INVITER_REWARD);
    const chosen = await chooseHero(friendId);
    expect(chosen.coins).toBe(REFERRAL_FRIEND_REWARD);
    expect(await joined).toEqual({
      username: `friend${friendId}`,
      name: `Friend${friendId}`,
      reward: REFERRAL_INVITER_REWARD,
      coins: REFERRAL_INVITER_REWARD,
    });
    await pushed;

    const list = await t.call(inviterId, 'GET', `/v1/user/${inviterId}/referrals`);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({
        username: `friend${friendId}`,
        status: 'credited',
        referral_earnings: REFERRAL_INVITER_REWARD,
      }),
    ]);
    expect(Object.keys(list.body.data[0]).sort()).toEqual(
      ['_id', 'createdAt', 'name', 'profile_picture', 'referral_earnings', 'status', 'username'].sort(),
    );
    expect(await coinsOf(inviter._id)).toEqual({
      coins: REFERRAL_INVITER_REWARD,
      earnings: REFERRAL_INVITER_REWARD,
    });
    // Choosing again pays nothing more.
    await chooseHero(friendId);
    expect((await coinsOf(friend._id)).coins).toBe(REFERRAL_FRIEND_REWARD);
    expect(await ledgerMatches(t, inviter._id)).toEqual({
      coins: REFERRAL_INVITER_REWARD,
      ledger: REFERRAL_INVITER_REWARD,
    });
    expect(await ledgerMatches(t, friend._id)).toEqual({
      coins: REFERRAL_FRIEND_REWARD,
      ledger: REFERRAL_FRIEND_REWARD,
    });
  });

  it("R1 a code in the register body counts (and wins over the start parameter's)", async () => {
    const inviterId = nextId++;
    const otherId = nextId++;
    const friendId = nextId++;
    const inviter = await register(inviterId);
    const other = await register(otherId);
    const friend = await register(friendId, {
      bodyCode: inviter.referral_code.toLowerCase(),
      startParam: `buddies_${other.referral_code}`,
    });
    await chooseHero(friendId);
    expect(await rewardsFor(friend._id)).toEqual([
      expect.objectContaining({ referrerId: inviter._id, earned: REFERRAL_INVITER_REWARD }),
    ]);
    expect((await coinsOf(other._id)).coins).toBe(0);
  });

  it('R2 self-referral, a second referral and unknown codes credit nothing', async () => {
    const inviterId = nextId++;
    const secondId = nextId++;
    const strangerId = nextId++;
    const inviter = await register(inviterId);
    await chooseHero(inviterId);
    // Self: an existing player registering again with their own code.
    await register(inviterId, {
      bodyCode: inviter.referral_code,
      startParam: `buddies_${inviter.referral_code}`,
    });
    await chooseHero(inviterId);
    expect(await rewardsFor(inviter._id)).toEqual([]);

    // Double: referred by the inviter, then arriving with another code.
    const second = await register(secondId);
    const friendId = nextId++;
    const friend = await register(friendId, { bodyCode: inviter.referral_code });
    await register(friendId, { bodyCode: second.referral_code });
    await chooseHero(friendId);
    await register(friendId, { startParam: `buddies_${second.referral_code}` });
    await chooseHero(friendId);
    expect(await rewardsFor(friend._id)).toEqual([expect.objectContaining({ referrerId: inviter._id })]);
    expect((await coinsOf(second._id)).coins).toBe(0);

    // Unknown codes.
    const stranger = await register(strangerId, { bodyCode: 'NOSUCHCODE', startParam: 'buddies_ZZZZZZZZ' });
    await chooseHero(strangerId);
    expect(await rewardsFor(stranger._id)).toEqual([]);
    expect((await coinsOf(stranger._id)).coins).toBe(0);

    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledger)
      .where(and(eq(ledger.reason, 'referral'), eq(ledger.userId, second._id)));
    expect(count!.n).toBe(0);
  });

  it('R3 20 friends of one inviter registering and choosing heroes at once credit exactly 20 rewards', {
    repeats: RACE_REPEATS,
    timeout: 120_000,
  }, async () => {
    const inviterId = nextId++;
    const inviter = await register(inviterId);
    const friendIds = Array.from({ length: 20 }, () => nextId++);
    const friends = await Promise.all(
      friendIds.map(async (id) => {
        const friend = await register(id, { startParam: `buddies_${inviter.referral_code}` });
        // Each friend also sends its choice twice at once (a double tap).
        await Promise.all([chooseHero(id), chooseHero(id)]);
        return friend;
      }),
    );
    const rows = await t.database.db.select().from(referrals).where(eq(referrals.referrerId, inviter._id));
    expect(rows).toHaveLength(20);
    expect(await coinsOf(inviter._id)).toEqual({
      coins: 20 * REFERRAL_INVITER_REWARD,
      earnings: 20 * REFERRAL_INVITER_REWARD,
    });
    expect(await ledgerMatches(t, inviter._id)).toEqual({
      coins: 20 * REFERRAL_INVITER_REWARD,
      ledger: 20 * REFERRAL_INVITER_REWARD,
    });
    for (const friend of friends) expect((await coinsOf(friend._id)).coins).toBe(REFERRAL_FRIEND_REWARD);
    const list = await t.call(inviterId, 'GET', `/v1/user/${inviterId}/referrals`);
    expect(list.body.data).toHaveLength(20);
  });

  it('R3 a reward missed after the hero choice (a crash) is paid once at the next launch', async () => {
    const inviterId = nextId++;
    const friendId = nextId++;
    const inviter = await register(inviterId);
    const friend = await register(friendId, { bodyCode: inviter.referral_code });
    // The hero was stored but the process stopped before the reward.
    await t.database.db.update(users).set({ selectedCharacterId: heroId }).where(eq(users.id, friend._id));
    expect(await rewardsFor(friend._id)).toEqual([]);
    const launched = await register(friendId);
    expect(launched.coins).toBe(REFERRAL_FRIEND_REWARD);
    await register(friendId);
    expect(await rewardsFor(friend._id)).toHaveLength(1);
    expect(await coinsOf(inviter._id)).toEqual({
      coins: REFERRAL_INVITER_REWARD,
      earnings: REFERRAL_INVITER_REWARD,
    });
  });

  it('R4 the upgrade debits 500 Stars once under 10 concurrent calls and doubles later rewards', {
    repeats: RACE_REPEATS,
  }, async () => {
    const inviterId = nextId++;
    const inviter = await register(inviterId);
    await giveStars(inviter._id, REFERRAL_UPGRADE_PRICE_STARS + 120);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.call(inviterId, 'POST', `/v1/user/${inviterId}/upgrade-referral`, {
          telegram_user_id: String(inviterId),
        }),
      ),
    );
    const succeeded = answers.filter((answer) => answer.status === 200);
    expect(succeeded).toHaveLength(1);
    expect(succeeded[0]!.body).toMatchObject({
      code: 200,
      message: 'Referral bonus upgraded successfully to 5000 coins per referral',
      data: { gems_remaining: 120, is_referral_upgraded: true },
    });
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(answer.body.error).toBe('referral/already-upgraded');
    }
    const [row] = await t.database.db
      .select({ gems: users.gems, upgraded: users.isReferralUpgraded })
      .from(users)
      .where(eq(users.id, inviter._id));
    expect(row).toEqual({ gems: 120, upgraded: true });
    const debits = await t.database.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, inviter._id), eq(ledger.reason, 'referral-upgrade')));
    expect(debits).toEqual([
      expect.objectContaining({ delta: -REFERRAL_UPGRADE_PRICE_STARS, currency: 'gems' }),
    ]);

    const me = await t.call(inviterId, 'GET', `/v1/user/${inviterId}`);
    expect(me.body.data.is_referral_upgraded).toBe(true);

    const friendId = nextId++;
    await register(friendId, { startParam: `buddies_${inviter.referral_code}` });
    await chooseHero(friendId);
    expect(await coinsOf(inviter._id)).toEqual({
      coins: REFERRAL_UPGRADED_REWARD,
      earnings: REFERRAL_UPGRADED_REWARD,
    });
  });

  it('R4 the upgrade without 500 Stars changes nothing', async () => {
    const id = nextId++;
    const player = await register(id);
    await giveStars(player._id, REFERRAL_UPGRADE_PRICE_STARS - 1);
    const answer = await t.call(id, 'POST', `/v1/user/${id}/upgrade-referral`, {
      telegram_user_id: String(id),
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 400, error: 'referral/insufficient-stars' });
    const [row] = await t.database.db
      .select({ gems: users.gems, upgraded: users.isReferralUpgraded })
      .from(users)
      .where(eq(users.id, player._id));
    expect(row).toEqual({ gems: REFERRAL_UPGRADE_PRICE_STARS - 1, upgraded: false });
  });

  it("A3 another user's referrals and upgrade are a 403; unknown fields a 400", async () => {
    const id = nextId++;
    const otherId = nextId++;
    await register(id);
    await register(otherId);
    expect((await t.call(id, 'GET', `/v1/user/${otherId}/referrals`)).status).toBe(403);
    expect(
      (
        await t.call(id, 'POST', `/v1/user/${otherId}/upgrade-referral`, {
          telegram_user_id: String(otherId),
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.call(id, 'POST', `/v1/user/${id}/upgrade-referral`, { telegram_user_id: String(otherId) }))
        .status,
    ).toBe(403);
    expect(
      (
        await t.call(id, 'POST', `/v1/user/${id}/upgrade-referral`, {
          telegram_user_id: String(id),
          free: true,
        })
      ).status,
    ).toBe(400);
  });

  it('GET /config names the bot and the Mini App for referral links, without init data', async () => {
    const response = await t.call(null, 'GET', '/v1/config');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ bot_username: 'titans_bot', mini_app_name: 'play' });
  });
});
