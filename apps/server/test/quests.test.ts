import fs from 'node:fs';
import path from 'node:path';
import { AD_REWARD_COINS } from '@titans/shared/constants';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyClaims, ledger, userItems } from '../src/db/schema.ts';
import { AdService } from '../src/quests/ad-service.ts';
import { GamesFeed } from '../src/quests/games-feed.ts';
import { type FakeGameFeed, fakeAdsgram, startFakeGameFeed } from './helpers/fake-quest-servers.ts';
import {
  describeEachDatabase,
  ledgerMatches,
  readyPlayer,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';

const catalogueDir = path.resolve(import.meta.dirname, '../../../catalogue');
const quizzes = JSON.parse(fs.readFileSync(path.join(catalogueDir, 'quizzes.json'), 'utf8')) as Array<{
  id: string;
  questions: Array<{ id: string; options: Array<{ isCorrect: boolean }> }>;
}>;
const basics = quizzes.find((quiz) => quiz.id === 'titans-basics')!;
const correctIndex = (question: (typeof basics.questions)[number]) =>
  question.options.findIndex((option) => option.isCorrect);

const SECRET = 'adsgram-reward-secret-for-tests';
const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase('quests', (kind) => {
  let t: TestApp;
  let feed: FakeGameFeed;
  let now = Date.parse('2026-11-20T10:00:00Z');
  let nextId = 90_000;

  beforeAll(async () => {
    feed = await startFakeGameFeed(25);
    t = await startTestApp(kind, {
      clock: () => now,
      env: { GAMES_FEED_URL: feed.url, ADSGRAM_BLOCK_ID: '4242', ADSGRAM_REWARD_SECRET: SECRET },
    });
  });
  afterAll(async () => {
    await t?.close();
    await feed?.close();
  });

  const player = async () => {
    const id = nextId++;
    return { id, userId: await readyPlayer(t, id) };
  };
  const complete = (id: number, taskId: string) =>
    t.call(id, 'PUT', '/v1/task/complete', { telegramUserId: String(id), taskId });
  const start = (id: number, taskId: string) =>
    t.call(id, 'PUT', '/v1/task/track-progress', {
      telegram_user_id: String(id),
      task_id: taskId,
      status: 'started',
    });
  const expectLedgerMatches = async (userId: string) => {
    const { coins, ledger: sum } = await ledgerMatches(t, userId);
    expect(coins).toBe(sum);
    return coins;
  };
  const answerAll = async (id: number, quizId: string, pick: (index: number) => number) => {
    const quiz = quizzes.find((entry) => entry.id === quizId)!;
    for (const [index, question] of quiz.questions.entries()) {
      const answered = await t.call(id, 'POST', `/v1/quiz/${quizId}/answer`, {
        question_id: question.id,
        option_index: pick(index),
      });
      expect(answered.status).toBe(200);
    }
  };

  it('lists the tasks with the spec types, rewards and required time', async () => {
    const { id } = await player();
    const list = await t.call(id, 'GET', '/v1/tasks');
    expect(list.status).toBe(200);
    const types = new Set(list.body.data.map((task: { type: string }) => task.type));
    expect(types).toEqual(new Set(['quiz', 'community', 'watch_and_earn', 'daily']));
    const channel = list.body.data.find((task: { _id: string }) => task._id === 'join-telegram-channel');
    expect(channel).toMatchObject({ reward_points: 1000, status: 'available', completed: false });
    expect(channel.metadata.required_time).toBe(10);
    const quiz = await t.call(id, 'GET', '/v1/task/quiz');
    expect(quiz.body.data.every((task: { type: string }) => task.type === 'quiz')).toBe(true);
    expect((await t.call(id, 'GET', '/v1/task/rocket')).status).toBe(400);
  });

  it('Q1/Q2 a community task completes once, only after the server saw the visit last 10 s', async () => {
    const { id, userId } = await player();
    const notStarted = await complete(id, 'join-telegram-channel');
    expect(notStarted.status).toBe(400);
    expect(notStarted.body.error).toBe('task/not-started');

    expect((await start(id, 'join-telegram-channel')).body.data.status).toBe('started');
    now += 4_000;
    // Starting again keeps the first start.
    expect((await start(id, 'join-telegram-channel')).body.data.elapsed_seconds).toBe(4);
    now += 5_000;
    const early = await complete(id, 'join-telegram-channel');
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({
      error: 'task/too-early',
      message: 'Not enough time spent on external URL',
    });
    expect(early.body.data.remaining_seconds).toBe(1);
    expect(await expectLedgerMatches(userId)).toBe(0);

    now += 1_000;
    const done = await complete(id, 'join-telegram-channel');
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ reward: 1000, coins: 1000, title: 'Join the Titans channel' });
    const again = await complete(id, 'join-telegram-channel');
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('task/already-completed');
    expect(await expectLedgerMatches(userId)).toBe(1000);

    // The popup's pending completion comes from the server, once.
    const pending = await t.call(id, 'GET', '/v1/task/pending-completion');
    expect(pending.body.data).toEqual({
      task_id: 'join-telegram-channel',
      title: 'Join the Titans channel',
      reward: 1000,
    });
    await t.call(id, 'PUT', '/v1/task/pending-completion/ack', { task_id: 'join-telegram-channel' });
    expect((await t.call(id, 'GET', '/v1/task/pending-completion')).body.data).toBeNull();

    const list = await t.call(id, 'GET', '/v1/task/community');
    const card = list.body.data.find((task: { _id: string }) => task._id === 'join-telegram-channel');
    expect(card).toMatchObject({ status: 'completed', completed: true, reward_earned: 1000 });
    const stats = await t.call(id, 'GET', `/v1/task/stats/${id}`);
    expect(stats.body.data).toEqual({
      totalCoinsEarned: 1000,
      totalQuizzesCompleted: 0,
      totalCompletedTasks: 1,
    });
  });

  it('Q1/Q2 a watch task honours its own required time; a daily task completes once per UTC day', async () => {
    const { id, userId } = await player();
    await start(id, 'play-sky-runner');
    now += 119_000;
    expect((await complete(id, 'play-sky-runner')).body.error).toBe('task/too-early');
    now += 1_000;
    expect((await complete(id, 'play-sky-runner')).status).toBe(200);
    expect((await complete(id, 'play-sky-runner')).status).toBe(409);

    const first = await complete(id, 'daily-check-in');
    expect(first.status).toBe(200);
    expect((await complete(id, 'daily-check-in')).status).toBe(409);
    now += DAY;
    expect((await complete(id, 'daily-check-in')).status).toBe(200);
    expect(await expectLedgerMatches(userId)).toBe(2000 + 200 + 200);
  });

  it('Q1 twenty concurrent completions of one task credit once', async () => {
    const { id, userId } = await player();
    await start(id, 'follow-on-x');
    now += 10_000;
    const results = await Promise.all(Array.from({ length: 20 }, () => complete(id, 'follow-on-x')));
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    expect(results.every((result) => [200, 409].includes(result.status))).toBe(true);
    const rows = await t.database.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, userId), eq(ledger.reason, 'quest:task')));
    expect(rows).toHaveLength(1);
    expect(await expectLedgerMatches(userId)).toBe(1000);
  });

  it('Q3 the quiz payload carries no answers; an answer is locked and revealed; the server scores', async () => {
    const { id, userId } = await player();
    const quiz = await t.call(id, 'GET', '/v1/quiz/titans-basics');
    expect(quiz.status).toBe(200);
    const text = JSON.stringify(quiz.body);
    expect(text).not.toMatch(/isCorrect|is_correct|explanation|correct_index/);
    expect(quiz.body.data.questions[0].options[0]).toEqual({ text: 'Coins' });

    const unfinished = await complete(id, 'quiz-titans-basics');
    expect(unfinished.body.error).toBe('task/quiz-unfinished');

    const [q1, q2] = basics.questions;
    const right = await t.call(id, 'POST', '/v1/quiz/titans-basics/answer', {
      question_id: q1!.id,
      option_index: correctIndex(q1!),
    });
    expect(right.body.data).toMatchObject({ is_correct: true, correct_index: correctIndex(q1!) });
    expect(right.body.data.explanation).toBeTruthy();
    const wrongIndex = (correctIndex(q2!) + 1) % q2!.options.length;
    const wrong = await t.call(id, 'POST', '/v1/quiz/titans-basics/answer', {
      question_id: q2!.id,
      option_index: wrongIndex,
    });
    expect(wrong.body.data).toMatchObject({ is_correct: false, correct_index: correctIndex(q2!) });
    // Locked: another choice is refused and the first one stands.
    const changed = await t.call(id, 'POST', '/v1/quiz/titans-basics/answer', {
      question_id: q2!.id,
      option_index: correctIndex(q2!),
    });
    expect(changed.status).toBe(409);
    expect(changed.body.error).toBe('quiz/answer-locked');
    expect(changed.body.data.selected_index).toBe(wrongIndex);

    // Q4: progress is on the server (another device sees it).
    const progress = await t.call(id, 'GET', '/v1/quiz/titans-basics/progress');
    expect(progress.body.data).toMatchObject({ correct: 1, total: 5, completed: false });
    expect(progress.body.data.answers).toHaveLength(2);
    const listed = await t.call(id, 'GET', '/v1/task/quiz');
    expect(listed.body.data.find((task: { _id: string }) => task._id === 'quiz-titans-basics')).toMatchObject(
      {
        status: 'in_progress',
        metadata: { answered: 2, questions: 5 },
      },
    );

    // Answer the rest wrongly, claim a perfect score in the tracking call: the server ignores it.
    for (const question of basics.questions.slice(2)) {
      await t.call(id, 'POST', '/v1/quiz/titans-basics/answer', {
        question_id: question.id,
        option_index: (correctIndex(question) + 1) % question.options.length,
      });
    }
    const claimed = await t.call(id, 'PUT', '/v1/task/track-progress', {
      telegram_user_id: id,
      task_id: 'quiz-titans-basics',
      metadata: { action: 'complete', quiz: { quizId: 'titans-basics', score: 100, completed: true } },
    });
    expect(claimed.status).toBe(200);
    const done = await complete(id, 'quiz-titans-basics');
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ reward: 100, score: { correct: 1, total: 5, percent: 20 } });
    expect((await complete(id, 'quiz-titans-basics')).status).toBe(409);
    expect(
      (await t.call(id, 'POST', '/v1/quiz/titans-basics/answer', { question_id: q1!.id, option_index: 0 }))
        .body.error,
    ).toBe('quiz/completed');
    expect(await expectLedgerMatches(userId)).toBe(100);
    const stats = await t.call(id, 'GET', `/v1/task/stats/${id}`);
    expect(stats.body.data).toEqual({
      totalCoinsEarned: 100,
      totalQuizzesCompleted: 1,
      totalCompletedTasks: 1,
    });
  });

  it('Q3 a perfect quiz pays the full reward; Q4 unfinished progress expires after 7 days', async () => {
    const { id, userId } = await player();
    await answerAll(id, 'titans-basics', (index) => correctIndex(basics.questions[index]!));
    const done = await complete(id, 'quiz-titans-basics');
    expect(done.body.data).toMatchObject({ reward: 500, score: { correct: 5, total: 5, percent: 100 } });

    await t.call(id, 'POST', '/v1/quiz/telegram-and-ton/answer', {
      question_id: quizzes.find((quiz) => quiz.id === 'telegram-and-ton')!.questions[0]!.id,
      option_index: 0,
    });
    now += 6 * DAY;
    expect((await t.call(id, 'GET', '/v1/quiz/telegram-and-ton/progress')).body.data.answers).toHaveLength(1);
    now += 1 * DAY + 1000;
    const expired = await t.call(id, 'GET', '/v1/quiz/telegram-and-ton/progress');
    expect(expired.body.data).toMatchObject({ answers: [], started_at: null });
    expect(await expectLedgerMatches(userId)).toBe(500);
  });

  it('Q5 a daily claim twice a day credits once; a missed day resets the streak', async () => {
    const { id, userId } = await player();
    const view = await t.call(id, 'GET', '/v1/daily-rewards');
    expect(view.body.success).toBe(true);
    expect(view.body.data.rewards).toHaveLength(30);
    expect(view.body.data.state).toMatchObject({ current_streak: 0, today_day: 1, claimed_today: false });
    expect((await t.call(id, 'GET', '/v1/reward/day-3')).body.data).toMatchObject({
      reward_type: 'item',
      item_id: { _id: 'spark-tonic' },
    });

    const wrongDay = await t.call(id, 'POST', '/v1/reward/claim/day-2', { user_id: String(id) });
    expect(wrongDay.status).toBe(400);
    expect(wrongDay.body).toMatchObject({ success: false, error: 'daily/wrong-day' });

    const claims = await Promise.all(
      Array.from({ length: 20 }, () => t.call(id, 'POST', '/v1/reward/claim/day-1', { user_id: String(id) })),
    );
    expect(claims.filter((claim) => claim.status === 200)).toHaveLength(1);
    const first = claims.find((claim) => claim.status === 200)!;
    expect(first.body).toMatchObject({
      success: true,
      data: { reward_type: 'coins', amount: 500, current_streak: 1, reward_id: 'day-1' },
    });
    expect(claims.filter((claim) => claim.status !== 200).every((claim) => claim.status === 409)).toBe(true);
    expect(await expectLedgerMatches(userId)).toBe(500);

    now += DAY;
    expect(
      (await t.call(id, 'POST', '/v1/reward/claim/day-2', { user_id: id })).body.data.current_streak,
    ).toBe(2);
    now += DAY;
    const item = await t.call(id, 'POST', '/v1/reward/claim/day-3', { user_id: id });
    expect(item.body.data).toMatchObject({ reward_type: 'item', current_streak: 3 });
    const owned = await t.database.db.select().from(userItems).where(eq(userItems.userId, userId));
    expect(owned.map((row) => row.itemId)).toEqual(['spark-tonic']);

    now += 2 * DAY; // a missed day
    const state = await t.call(id, 'GET', '/v1/daily-rewards');
    expect(state.body.data.state).toMatchObject({ current_streak: 0, today_day: 1, claimed_days: [] });
    expect((await t.call(id, 'POST', '/v1/reward/claim/day-4', { user_id: id })).status).toBe(400);
    expect(
      (await t.call(id, 'POST', '/v1/reward/claim/day-1', { user_id: id })).body.data.current_streak,
    ).toBe(1);
    expect(await expectLedgerMatches(userId)).toBe(500 + 750 + 500);
  });

  it('Q5 the streak caps at day 30', async () => {
    const { id, userId } = await player();
    const today = Date.parse(`${new Date(now).toISOString().slice(0, 10)}T00:00:00Z`);
    await t.database.db.insert(dailyClaims).values(
      Array.from({ length: 29 }, (_, index) => ({
        userId,
        day: index + 1,
        streak: index + 1,
        claimedOn: new Date(today - (29 - index) * DAY).toISOString().slice(0, 10),
      })),
    );
    const day30 = await t.call(id, 'POST', '/v1/reward/claim/day-30', { user_id: id });
    expect(day30.body.data.current_streak).toBe(30);
    now += DAY;
    expect((await t.call(id, 'GET', '/v1/daily-rewards')).body.data.state.today_day).toBe(30);
    const capped = await t.call(id, 'POST', '/v1/reward/claim/day-30', { user_id: id });
    expect(capped.status).toBe(200);
    expect(capped.body.data.current_streak).toBe(30);
    await expectLedgerMatches(userId);
  });

  it("A3 another user's id is a 403; unknown fields are a 400", async () => {
    const { id, userId } = await player();
    const other = await player();
    expect((await t.call(id, 'GET', `/v1/task/stats/${other.id}`)).status).toBe(403);
    expect(
      (
        await t.call(id, 'PUT', '/v1/task/complete', {
          telegramUserId: String(other.id),
          taskId: 'daily-check-in',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.call(id, 'PUT', '/v1/task/track-progress', {
          telegram_user_id: other.id,
          task_id: 'follow-on-x',
          status: 'started',
        })
      ).status,
    ).toBe(403);
    const claim = await t.call(id, 'POST', '/v1/reward/claim/day-1', { user_id: String(other.id) });
    expect(claim.status).toBe(403);
    expect(claim.body.success).toBe(false);

    expect(
      (
        await t.call(id, 'PUT', '/v1/task/complete', {
          telegramUserId: String(id),
          taskId: 'daily-check-in',
          reward: 9,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.call(id, 'PUT', '/v1/task/track-progress', {
          telegram_user_id: id,
          task_id: 'follow-on-x',
          metadata: { time_spent: 99, started_at: 0 },
        })
      ).status,
    ).toBe(400);
    expect((await t.call(id, 'POST', '/v1/reward/claim/day-1', { user_id: id, amount: 1 })).status).toBe(400);
    expect(
      (
        await t.call(id, 'POST', '/v1/quiz/titans-basics/answer', {
          question_id: 'basics-energy',
          option_index: 1,
          x: 1,
        })
      ).status,
    ).toBe(400);
    expect(await expectLedgerMatches(userId)).toBe(0);
  });

  it('Q6 the game feed is fetched by the server with the spec query, cached, and paged', async () => {
    const { id } = await player();
    const before = feed.requests.length;
    const page1 = await t.call(id, 'GET', '/v1/games?page=1');
    expect(page1.status).toBe(200);
    expect(page1.body.data.games).toHaveLength(10);
    expect(page1.body.data.games[0]).toMatchObject({ id: 'game-1', title: 'Game 1', category: 'Puzzle' });
    const query = feed.requests.at(-1)!;
    expect([query.get('format'), query.get('num'), query.get('page')]).toEqual(['json', '10', '1']);
    await t.call(id, 'GET', '/v1/games?page=1');
    expect(feed.requests.length).toBe(before + 1);
    const page3 = await t.call(id, 'GET', '/v1/games?page=3');
    expect(page3.body.data.games).toHaveLength(5);
    expect((await t.call(id, 'GET', '/v1/games?page=9')).body.data.games).toEqual([]);
    // A broken feed with nothing cached is a clear error.
    feed.broken = true;
    const broken = await t.call(id, 'GET', '/v1/games?page=4');
    feed.broken = false;
    expect(broken.status).toBe(502);
    expect(broken.body.message).toBe('Failed to fetch games');
  });

  it('Q7 a rewarded ad is credited only by the network callback, once per view', async () => {
    const { id, userId } = await player();
    const status = await t.call(id, 'GET', '/v1/ads/status');
    expect(status.body.data).toMatchObject({ block_id: '4242', reward_coins: AD_REWARD_COINS });
    const adsgram = fakeAdsgram(`${t.url}/v1/ads/adsgram/reward?userid=[userId]&secret=${SECRET}`);
    const forged = fakeAdsgram(`${t.url}/v1/ads/adsgram/reward?userid=[userId]&secret=wrong-secret-value`);

    // No view started: nothing to credit.
    expect((await adsgram.watchedToTheEnd(id)).body.data.credited).toBe(false);
    const view = await t.call(id, 'POST', '/v1/ads/views');
    expect(view.body.data.status).toBe('pending');
    expect((await forged.watchedToTheEnd(id)).status).toBe(403);
    const results = await Promise.all(Array.from({ length: 20 }, () => adsgram.watchedToTheEnd(id)));
    expect(results.filter((result) => result.body.data.credited)).toHaveLength(1);
    expect((await adsgram.watchedToTheEnd(id)).body.data.credited).toBe(false);
    const seen = await t.call(id, 'GET', `/v1/ads/views/${view.body.data.view_id}`);
    expect(seen.body.data.status).toBe('rewarded');
    expect(await expectLedgerMatches(userId)).toBe(AD_REWARD_COINS);
    expect((await t.call(id, 'GET', '/v1/ads/status')).body.data.remaining_today).toBe(9);
    const stats = await t.call(id, 'GET', `/v1/task/stats/${id}`);
    expect(stats.body.data.totalCoinsEarned).toBe(AD_REWARD_COINS);
  });
});

describe('quests without configuration', () => {
  it('Q7 without an Adsgram block there is nothing to watch', async () => {
    const ads = new AdService({
      database: null as never,
      gateway: null as never,
      now: () => 0,
      blockId: undefined,
      rewardSecret: undefined,
    });
    expect(await ads.start('someone')).toMatchObject({ ok: false, code: 'ads/not-configured' });
    expect(ads.verifyCallback('anything')).toBe(false);
  });

  it('Q6 a feed that does not answer in time is an error, and the last good page is served after', async () => {
    const feed = await startFakeGameFeed(12);
    let now = 0;
    const games = new GamesFeed({
      url: feed.url,
      logger: { warn() {} } as never,
      now: () => now,
      timeoutMs: 200,
      cacheMs: 1_000,
    });
    feed.hang = true;
    expect(await games.page(1)).toMatchObject({ ok: false, code: 'games/feed-unavailable' });
    feed.hang = false;
    const fresh = await games.page(1);
    expect(fresh.ok && fresh.value).toHaveLength(10);
    now += 2_000;
    feed.broken = true;
    const stale = await games.page(1);
    expect(stale.ok && stale.value).toHaveLength(10);
    await feed.close();
  });
});
