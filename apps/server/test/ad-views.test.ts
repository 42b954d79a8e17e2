import {
  AD_REWARD_COINS,
  AD_REWARDS_PER_DAY,
  AD_VIEW_TTL_MS,
  AD_VIEWS_PER_DAY,
  VIDEO_RECOVERY_COINS,
} from '@titans/shared/constants';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adViews, battles, ledger } from '../src/db/schema.ts';
import { fakeAdsgram } from './helpers/fake-quest-servers.ts';
import {
  describeEachDatabase,
  ledgerMatches,
  manualClock,
  readyPlayer,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';

const SECRET = 'adsgram-reward-secret-for-ad-view-tests';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describeEachDatabase('ad views: bounds and video recovery', (kind) => {
  let t: TestApp;
  const clock = manualClock(Date.parse('2026-11-20T10:00:00Z'));
  let nextId = 95_000;
  let adsgram: ReturnType<typeof fakeAdsgram>;

  beforeAll(async () => {
    t = await startTestApp(kind, {
      clock,
      env: { ADSGRAM_BLOCK_ID: '4242', ADSGRAM_REWARD_SECRET: SECRET },
    });
    adsgram = fakeAdsgram(`${t.url}/v1/ads/adsgram/reward?userid=[userId]&secret=${SECRET}`);
  });
  afterAll(async () => t?.close());

  const player = async () => {
    const id = nextId++;
    return { id, userId: await readyPlayer(t, id) };
  };
  const viewsOf = (userId: string) => t.database.db.select().from(adViews).where(eq(adViews.userId, userId));
  const startPlay = (id: number) => t.call(id, 'POST', '/v1/ads/views');
  const startRecovery = (id: number, battleId: string) =>
    t.call(id, 'POST', '/v1/ads/views', { purpose: 'battle-recovery', battle_id: battleId });
  const coinsOf = async (userId: string) => (await ledgerMatches(t, userId)).coins;

  /** A battle row as the Arena leaves it (battles: status, winner_id, result from player 1's side). */
  const battle = async (values: {
    player1Id: string;
    player2Id?: string | null;
    status?: string;
    winnerId?: string | null;
    result?: string | null;
  }) => {
    const [row] = await t.database.db
      .insert(battles)
      .values({
        mode: values.player2Id ? 'pvp' : 'pve',
        player1Id: values.player1Id,
        player2Id: values.player2Id ?? null,
        player1CharacterId: 'any-hero',
        status: values.status ?? 'finished',
        winnerId: values.winnerId ?? null,
        result: values.result ?? null,
        endedAt: values.status === 'active' ? null : new Date(clock()),
      })
      .returning({ id: battles.id });
    return row!.id;
  };

  it('Q8 starting again reuses the waiting view: one row however often, also at once', async () => {
    const { id, userId } = await player();
    const first = await startPlay(id);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'pending', purpose: 'play', battle_id: null });
    const again = await Promise.all(Array.from({ length: 20 }, () => startPlay(id)));
    expect(again.every((answer) => answer.status === 200)).toBe(true);
    expect(new Set(again.map((answer) => answer.body.data.view_id))).toEqual(
      new Set([first.body.data.view_id]),
    );
    expect(await viewsOf(userId)).toHaveLength(1);
  });

  it('Q8 reusing a view starts its wait over, so the callback still finds it', async () => {
    const { id, userId } = await player();
    const first = await startPlay(id);
    clock.advance(AD_VIEW_TTL_MS - MINUTE);
    expect((await startPlay(id)).body.data.view_id).toBe(first.body.data.view_id);
    clock.advance(2 * MINUTE); // past the first start's 15 minutes, within the second's
    expect((await adsgram.watchedToTheEnd(id)).body.data.credited).toBe(true);
    expect(await coinsOf(userId)).toBe(AD_REWARD_COINS);
    // Rewarded: the next start is a new view.
    const next = await startPlay(id);
    expect(next.body.data.view_id).not.toBe(first.body.data.view_id);
    expect(await viewsOf(userId)).toHaveLength(2);
  });

  it('Q8 a day allows AD_VIEWS_PER_DAY views started; the next is refused with ads/views-limit until tomorrow', async () => {
    const { id, userId } = await player();
    const tomorrow = Date.parse(`${new Date(clock()).toISOString().slice(0, 10)}T00:00:00Z`) + DAY;
    clock.set(tomorrow + MINUTE);
    const started: Array<number | undefined> = [];
    for (let index = 0; index < AD_VIEWS_PER_DAY + 2; index++) {
      const answer = await startPlay(id);
      started.push(answer.status === 429 && answer.body.error === 'ads/views-limit' ? 429 : answer.status);
      clock.advance(AD_VIEW_TTL_MS + 1); // never watched: it lapses, so the next start is a new view
    }
    expect(started).toEqual([...Array(AD_VIEWS_PER_DAY).fill(200), 429, 429]);
    expect(await viewsOf(userId)).toHaveLength(AD_VIEWS_PER_DAY);
    clock.set(tomorrow + DAY + MINUTE);
    expect((await startPlay(id)).status).toBe(200);
  });

  it('Q8 the daily bound counts views, not rewards, and answers a clear code and message', async () => {
    const { id, userId } = await player();
    const dayStart = Date.parse(`${new Date(clock()).toISOString().slice(0, 10)}T00:00:00Z`);
    await t.database.db.insert(adViews).values(
      Array.from({ length: AD_VIEWS_PER_DAY }, (_, index) => ({
        userId,
        provider: 'adsgram',
        reward: AD_REWARD_COINS,
        status: 'expired',
        createdAt: new Date(dayStart + index * 1_000),
      })),
    );
    const refused = await startPlay(id);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      error: 'ads/views-limit',
      message: 'Too many ads started today. Check back tomorrow!',
    });
    expect(await viewsOf(userId)).toHaveLength(AD_VIEWS_PER_DAY);
    clock.set(dayStart + DAY + MINUTE);
    expect((await startPlay(id)).status).toBe(200);
  });

  it('Q9 a recovery is refused for a victory, a draw, someone else’s battle, an unfinished and an unknown one', async () => {
    const me = await player();
    const rival = await player();
    const third = await player();
    const won = await battle({
      player1Id: me.userId,
      player2Id: rival.userId,
      winnerId: me.userId,
      result: 'victory',
    });
    const wonAgainstBot = await battle({ player1Id: me.userId, result: 'victory', winnerId: me.userId });
    const drawn = await battle({ player1Id: me.userId, result: 'draw' });
    const theirs = await battle({
      player1Id: rival.userId,
      player2Id: third.userId,
      winnerId: third.userId,
      result: 'defeat',
    });
    const running = await battle({ player1Id: me.userId, player2Id: rival.userId, status: 'active' });
    const voided = await battle({ player1Id: me.userId, status: 'void', result: 'void' });
    const expectRefused = async (battleId: string, status: number, error: string) => {
      const answer = await startRecovery(me.id, battleId);
      expect([answer.status, answer.body.error]).toEqual([status, error]);
    };
    await expectRefused(won, 400, 'recovery/not-a-defeat');
    await expectRefused(wonAgainstBot, 400, 'recovery/not-a-defeat');
    await expectRefused(drawn, 400, 'recovery/not-a-defeat');
    await expectRefused(theirs, 403, 'recovery/not-your-battle');
    await expectRefused(running, 409, 'recovery/not-finished');
    await expectRefused(voided, 409, 'recovery/not-finished');
    await expectRefused('00000000-0000-4000-8000-000000000000', 404, 'recovery/battle-not-found');
    expect((await t.call(me.id, 'POST', '/v1/ads/views', { purpose: 'battle-recovery' })).status).toBe(400);
    expect(await viewsOf(me.userId)).toHaveLength(0);
    // The callback then has nothing to credit.
    expect((await adsgram.watchedToTheEnd(me.id)).body.data.credited).toBe(false);
    expect(await coinsOf(me.userId)).toBe(0);
  });

  it('Q9 a lost PvP battle is recovered once, on the callback only; a replay credits nothing', async () => {
    const me = await player();
    const rival = await player();
    const lost = await battle({
      player1Id: rival.userId,
      player2Id: me.userId,
      winnerId: rival.userId,
      result: 'victory',
    });
    const started = await startRecovery(me.id, lost);
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({
      status: 'pending',
      reward: VIDEO_RECOVERY_COINS,
      purpose: 'battle-recovery',
      battle_id: lost,
    });
    // Nothing comes from the client: polling does not credit.
    expect((await t.call(me.id, 'GET', `/v1/ads/views/${started.body.data.view_id}`)).body.data.status).toBe(
      'pending',
    );
    expect(await coinsOf(me.userId)).toBe(0);

    const callbacks = await Promise.all(Array.from({ length: 10 }, () => adsgram.watchedToTheEnd(me.id)));
    expect(callbacks.filter((answer) => answer.body.data?.credited)).toHaveLength(1);
    expect((await adsgram.watchedToTheEnd(me.id)).body.data.credited).toBe(false);
    expect(await coinsOf(me.userId)).toBe(VIDEO_RECOVERY_COINS);
    const rows = await t.database.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, me.userId), eq(ledger.reason, 'battle-recovery')));
    expect(rows.map((row) => [row.delta, row.idempotencyKey])).toEqual([
      [VIDEO_RECOVERY_COINS, `battle-recovery:${lost}:${me.userId}`],
    ]);
    expect((await t.call(me.id, 'GET', `/v1/ads/views/${started.body.data.view_id}`)).body.data.status).toBe(
      'rewarded',
    );
    // The same defeat cannot be recovered again.
    const again = await startRecovery(me.id, lost);
    expect([again.status, again.body.error]).toEqual([409, 'recovery/already-recovered']);
    expect((await adsgram.watchedToTheEnd(me.id)).body.data.credited).toBe(false);
    expect(await coinsOf(me.userId)).toBe(VIDEO_RECOVERY_COINS);
  });

  it('Q9 a defeat by a bot (no winner account) is recoverable; recoveries leave Play & Earn’s allowance alone', async () => {
    const me = await player();
    const lost = await battle({ player1Id: me.userId, result: 'defeat' });
    expect((await startRecovery(me.id, lost)).status).toBe(200);
    expect((await adsgram.watchedToTheEnd(me.id)).body.data.credited).toBe(true);
    expect(await coinsOf(me.userId)).toBe(VIDEO_RECOVERY_COINS);
    const status = await t.call(me.id, 'GET', '/v1/ads/status');
    expect(status.body.data.remaining_today).toBe(AD_REWARDS_PER_DAY);
    // Quest stats count quest rewards only.
    expect((await t.call(me.id, 'GET', `/v1/task/stats/${me.id}`)).body.data.totalCoinsEarned).toBe(0);
  });

  it('Q9 the view started last is the one a callback credits: a recovery retires a waiting play view', async () => {
    const me = await player();
    const lost = await battle({ player1Id: me.userId, result: 'defeat' });
    const play = await startPlay(me.id);
    const recovery = await startRecovery(me.id, lost);
    expect(recovery.body.data.view_id).not.toBe(play.body.data.view_id);
    expect((await t.call(me.id, 'GET', `/v1/ads/views/${play.body.data.view_id}`)).body.data.status).toBe(
      'expired',
    );
    expect((await adsgram.watchedToTheEnd(me.id)).body.data.view_id).toBe(recovery.body.data.view_id);
    expect(await coinsOf(me.userId)).toBe(VIDEO_RECOVERY_COINS);
    // And back: a play view after it is credited as a play view.
    await startPlay(me.id);
    expect((await adsgram.watchedToTheEnd(me.id)).body.data.credited).toBe(true);
    expect(await coinsOf(me.userId)).toBe(VIDEO_RECOVERY_COINS + AD_REWARD_COINS);
    const rows = await viewsOf(me.userId);
    expect(rows.filter((row) => row.status === 'pending')).toHaveLength(0);
  });

  it('Q8 concurrent starts of both kinds leave at most one waiting view', async () => {
    const me = await player();
    const lost = await battle({ player1Id: me.userId, result: 'defeat' });
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0 ? startPlay(me.id) : startRecovery(me.id, lost),
      ),
    );
    const waiting = (await viewsOf(me.userId)).filter((row) => row.status === 'pending');
    expect(waiting).toHaveLength(1);
    expect((await adsgram.watchedToTheEnd(me.id)).body.data.credited).toBe(true);
    expect((await adsgram.watchedToTheEnd(me.id)).body.data.credited).toBe(false);
  });
});

describeEachDatabase('video recovery without an ad block', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('Q9 without an ad block the server says it is not configured', async () => {
    const id = 95_900;
    const userId = await readyPlayer(t, id);
    const [row] = await t.database.db
      .insert(battles)
      .values({
        mode: 'pve',
        player1Id: userId,
        player1CharacterId: 'any-hero',
        status: 'finished',
        result: 'defeat',
      })
      .returning({ id: battles.id });
    const answer = await t.call(id, 'POST', '/v1/ads/views', {
      purpose: 'battle-recovery',
      battle_id: row!.id,
    });
    expect([answer.status, answer.body.error]).toEqual([404, 'ads/not-configured']);
    expect((await t.call(id, 'GET', '/v1/ads/status')).body.data.block_id).toBeNull();
  });
});
