import { LEADERBOARD_SIZE } from '@titans/shared/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { characters, users } from '../src/db/schema.ts';
import { LeaderboardService } from '../src/leaderboard/leaderboard-service.ts';
import {
  describeEachDatabase,
  grantCoins,
  ledgerMatches,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';

/** RACE_REPEATS=19 runs each race test 20 times in a row (the flake check). */
const RACE_REPEATS = Number(process.env.RACE_REPEATS ?? 0);

describeEachDatabase('leaderboard', (kind) => {
  let t: TestApp;
  let nextId = 41_000;

  beforeAll(async () => {
    // No timer: each test refreshes the snapshot itself, so nothing moves under it.
    t = await startTestApp(kind, { env: { LEADERBOARD_REFRESH_SECONDS: '0' } });
    // A PGlite app starts in seconds, but minutes on a machine other work keeps busy.
  }, 300_000);
  afterAll(async () => t?.close());

  const register = async (name: string) => {
    const id = nextId++;
    const response = await t.call(
      null,
      'POST',
      '/v1/user/register',
      { telegram_user_id: String(id) },
      { authorization: `tma ${t.initData({ id, first_name: name, username: name.toLowerCase() })}` },
    );
    expect(response.status).toBe(200);
    return { id, userId: response.body.data._id as string };
  };
  /** Referral earnings are a counter, not a balance: set directly for ranking fixtures. */
  const setReferralEarnings = (userId: string, value: number) =>
    t.database.db.update(users).set({ referralEarnings: value }).where(eq(users.id, userId));
  const board = async (callerId: number) => {
    const response = await t.call(callerId, 'GET', '/v1/leaderboard');
    expect(response.status).toBe(200);
    return response.body.data as Array<Record<string, unknown>>;
  };
  const me = async (callerId: number) => {
    const response = await t.call(callerId, 'GET', '/v1/leaderboard/me');
    expect(response.status).toBe(200);
    return response.body.data as { rank: number | null; coins: number; total: number };
  };

  it('LB1 ranks by referral earnings, then coins; ties go to the earlier player; public fields only', async () => {
    const amy = await register('Amy');
    const ben = await register('Ben');
    const cat = await register('Cat');
    const dan = await register('Dan');
    const eve = await register('Eve');
    await setReferralEarnings(amy.userId, 9_000_000);
    await grantCoins(t, amy.userId, 10);
    await setReferralEarnings(ben.userId, 9_000_000);
    await grantCoins(t, ben.userId, 500_000);
    await setReferralEarnings(cat.userId, 8_000_000);
    await grantCoins(t, cat.userId, 90_000_000);
    // Dan and Eve tie on both keys: Dan registered first.
    await setReferralEarnings(eve.userId, 7_000_000);
    await grantCoins(t, eve.userId, 1_000);
    await setReferralEarnings(dan.userId, 7_000_000);
    await grantCoins(t, dan.userId, 1_000);

    await t.leaderboard.refresh();
    const rows = await board(amy.id);
    expect(rows.slice(0, 5).map((row) => [row.rank, row.username])).toEqual([
      [1, 'ben'],
      [2, 'amy'],
      [3, 'cat'],
      [4, 'dan'],
      [5, 'eve'],
    ]);
    expect(rows[0]).toEqual({
      rank: 1,
      name: 'Ben',
      username: 'ben',
      profile_picture: '',
      hero_picture: null,
      coins: 500_000,
      referral_earnings: 9_000_000,
    });
    expect(await me(cat.id)).toMatchObject({ rank: 3, coins: 90_000_000 });
    for (const player of [amy, ben, cat, dan, eve]) {
      const { coins, ledger } = await ledgerMatches(t, player.userId);
      expect(coins).toBe(ledger);
    }
  });

  it("LB4 each row and the caller's own row carry the player's selected hero picture", async () => {
    const hero = await register('Hero');
    await setReferralEarnings(hero.userId, 50_000_000);
    const [free] = await t.database.db.select().from(characters).where(eq(characters.isFree, true)).limit(1);
    const selected = await t.call(hero.id, 'POST', `/v1/user/${hero.id}/select-character`, {
      characterId: free!.id,
    });
    expect(selected.status).toBe(200);
    // Not yet in a snapshot: the own row is read live, with the hero.
    expect(await me(hero.id)).toMatchObject({ rank: null, hero_picture: free!.image });
    await t.leaderboard.refresh();
    const row = (await board(hero.id)).find((entry) => entry.username === 'hero');
    expect(row).toMatchObject({ hero_picture: free!.image });
    expect(await me(hero.id)).toMatchObject({ hero_picture: free!.image });
    // A player without a hero has none, never another player's.
    const none = (await board(hero.id)).find((entry) => entry.username === 'amy');
    expect(none).toMatchObject({ hero_picture: null });
  });

  it('LB2 serves a snapshot: changes show after the next refresh, a new player has rank null ("-")', async () => {
    const before = await board(nextId - 1);
    const late = await register('Late');
    await setReferralEarnings(late.userId, 99_000_000);
    expect(await board(late.id)).toEqual(before);
    expect(await me(late.id)).toMatchObject({ rank: null, coins: 0 });
    await t.leaderboard.refresh();
    expect((await board(late.id))[0]).toMatchObject({ rank: 1, username: 'late' });
    expect(await me(late.id)).toMatchObject({ rank: 1 });
  });

  it(`LB3 the own rank of a player outside the top ${LEADERBOARD_SIZE} comes from the snapshot; banned players are not ranked`, async () => {
    // 150 players with coins, inserted in one statement.
    await t.database.query(
      `insert into users (telegram_user_id, username, first_name, coins, energy, referral_code, referral_earnings)
       select 900000 + g, 'bulk' || g, 'Bulk', 1000 + g, 1000, 'BULK' || g, 0 from generate_series(1, 150) g`,
    );
    const low = await register('Low');
    await grantCoins(t, low.userId, 5);
    const banned = await register('Banned');
    await setReferralEarnings(banned.userId, 1_000_000_000);
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.userId));
    await t.leaderboard.refresh();

    const [expected] = await t.database.query<{ ahead: number; total: number }>(
      `select count(*) filter (where referral_earnings > 0 or coins > 5)::int as ahead, count(*)::int as total
         from users where not is_banned`,
    );
    const mine = await me(low.id);
    expect(mine.rank).toBeGreaterThan(LEADERBOARD_SIZE);
    // Low registered after every zero-coin player but before nobody with 5 coins: all above it are ahead.
    expect(mine.rank).toBe(expected!.ahead + 1);
    expect(mine.total).toBe(expected!.total);
    const rows = await board(low.id);
    expect(rows).toHaveLength(LEADERBOARD_SIZE);
    expect(rows.map((row) => row.rank)).toEqual(Array.from({ length: LEADERBOARD_SIZE }, (_, i) => i + 1));
    expect(rows.some((row) => row.username === 'banned')).toBe(false);
  });

  it('LB3 reads during a refresh see a whole snapshot, never an empty one', {
    repeats: RACE_REPEATS,
  }, async () => {
    const player = await register('Reader');
    await grantCoins(t, player.userId, 1_000_000_000);
    await t.leaderboard.refresh();
    // Every read must see the whole list: as many rows as ranked players, up to the list size.
    const whole = Math.min(LEADERBOARD_SIZE, (await me(player.id)).total);
    const refreshing = Promise.all([t.leaderboard.refresh(), t.leaderboard.refresh()]);
    const reads = await Promise.all(
      Array.from({ length: 20 }, async (_, index) =>
        index % 2 ? (await me(player.id)).rank : (await board(player.id)).length,
      ),
    );
    await refreshing;
    expect(reads.filter((_, index) => index % 2 === 1)).toEqual(Array(10).fill(expect.any(Number)));
    expect(reads.filter((_, index) => index % 2 === 0)).toEqual(Array(10).fill(whole));
  });

  it('needs signed init data', async () => {
    expect((await t.call(null, 'GET', '/v1/leaderboard')).status).toBe(401);
  });

  it('LB1 a service refreshes on its interval and close() stops the timer', async () => {
    const service = new LeaderboardService({
      database: t.database,
      logger: t.app.log,
      now: Date.now,
      refreshMs: 50,
    });
    service.start();
    try {
      // Polls the counters until the timer has run a few times (no fixed sleep).
      await expect
        .poll(() => service.stats.refreshes, { timeout: 20_000, interval: 20 })
        .toBeGreaterThanOrEqual(3);
    } finally {
      await service.close();
    }
    expect(await service.refresh()).toBeNull();
    // The app's own service sees the snapshot the other one took.
    await t.leaderboard.load();
    expect((await board(nextId - 1)).length).toBeGreaterThan(0);
  });
});
