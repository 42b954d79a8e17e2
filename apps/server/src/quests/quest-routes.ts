import { codeEnvelope, successEnvelope } from '@titans/shared/envelope';
import {
  acknowledgeCompletionBodySchema,
  adStatusSchema,
  adsgramRewardQuerySchema,
  adViewParamsSchema,
  adViewSchema,
  answerQuizBodySchema,
  answerResultSchema,
  claimedRewardSchema,
  claimRewardBodySchema,
  completedTaskSchema,
  completeTaskBodySchema,
  dailyRewardSchema,
  dailyRewardsViewSchema,
  gamesPageSchema,
  gamesQuerySchema,
  pendingCompletionSchema,
  quizProgressSchema,
  quizViewSchema,
  rewardParamsSchema,
  startAdViewBodySchema,
  taskStatsSchema,
  taskTypeParamsSchema,
  taskViewSchema,
  trackedProgressSchema,
  trackProgressBodySchema,
} from '@titans/shared/quests/schemas';
import { userIdParamsSchema } from '@titans/shared/user/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/auth-hooks.ts';
import { ApiError } from '../http/api-error.ts';
import { ok, orThrow, success } from '../http/reply.ts';
import type { UserService } from '../users/user-service.ts';
import type { AdService } from './ad-service.ts';
import type { DailyRewardService } from './daily-reward-service.ts';
import type { GamesFeed } from './games-feed.ts';
import type { QuizService } from './quiz-service.ts';
import type { TaskService } from './task-service.ts';

export interface QuestRoutesDeps {
  tasks: TaskService;
  quizzes: QuizService;
  daily: DailyRewardService;
  games: GamesFeed;
  ads: AdService;
  users: UserService;
}

const quizParams = z.strictObject({ id: z.string().regex(/^[a-z0-9][a-z0-9-]{1,63}$/) });

/**
 * The Quest Board's calls (spec-a §7 "Tasks, quizzes, rewards", plus the quiz answer, the popup's
 * pending completion, the game feed and Play & Earn of decisions D-QUEST-3..6).
 */
export function questRoutes({
  tasks,
  quizzes,
  daily,
  games,
  ads,
  users,
}: QuestRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const taskList = { 200: codeEnvelope(z.array(taskViewSchema)) };

    app.get('/tasks', { schema: { response: taskList } }, async (request) =>
      ok(await tasks.list(requireUser(request).id), 'Tasks found'),
    );

    app.get(
      '/task/:type',
      { schema: { params: taskTypeParamsSchema, response: taskList } },
      async (request) => ok(await tasks.list(requireUser(request).id, request.params.type), 'Tasks found'),
    );

    app.get(
      '/task/stats/:id',
      {
        schema: { params: userIdParamsSchema, response: { 200: codeEnvelope(taskStatsSchema) } },
        config: { userParam: 'id' },
      },
      async (request) => ok(await tasks.stats(requireUser(request).id), 'Task stats found'),
    );

    app.put(
      '/task/complete',
      { schema: { body: completeTaskBodySchema, response: { 200: codeEnvelope(completedTaskSchema) } } },
      async (request) => {
        const done = orThrow(await tasks.complete(requireUser(request).id, request.body.taskId));
        return ok(done, 'Task completed');
      },
    );

    app.put(
      '/task/track-progress',
      { schema: { body: trackProgressBodySchema, response: { 200: codeEnvelope(trackedProgressSchema) } } },
      async (request) => {
        const { task_id, status, metadata } = request.body;
        const tracked = orThrow(await tasks.track(requireUser(request).id, task_id, status, metadata));
        return ok(tracked, 'Progress tracked');
      },
    );

    app.get(
      '/task/pending-completion',
      { schema: { response: { 200: codeEnvelope(pendingCompletionSchema) } } },
      async (request) => ok(await tasks.pendingCompletion(requireUser(request).id), 'Pending completion'),
    );

    app.put(
      '/task/pending-completion/ack',
      { schema: { body: acknowledgeCompletionBodySchema, response: { 200: codeEnvelope(z.null()) } } },
      async (request) => {
        await tasks.acknowledgeCompletion(requireUser(request).id, request.body.task_id);
        return ok(null, 'Acknowledged');
      },
    );

    app.get(
      '/quiz/:id',
      { schema: { params: quizParams, response: { 200: codeEnvelope(quizViewSchema) } } },
      async (request) => {
        requireUser(request);
        return ok(orThrow(await quizzes.view(request.params.id)), 'Quiz found');
      },
    );

    app.get(
      '/quiz/:id/progress',
      { schema: { params: quizParams, response: { 200: codeEnvelope(quizProgressSchema) } } },
      async (request) =>
        ok(orThrow(await quizzes.progress(requireUser(request).id, request.params.id)), 'Quiz progress'),
    );

    app.post(
      '/quiz/:id/answer',
      {
        schema: {
          params: quizParams,
          body: answerQuizBodySchema,
          response: { 200: codeEnvelope(answerResultSchema) },
        },
      },
      async (request) => {
        const { question_id, option_index } = request.body;
        const result = orThrow(
          await quizzes.answer(requireUser(request).id, request.params.id, question_id, option_index),
        );
        return ok(result, result.is_correct ? 'Correct!' : 'Wrong answer');
      },
    );

    app.get(
      '/daily-rewards',
      {
        schema: { response: { 200: successEnvelope(dailyRewardsViewSchema) } },
        config: { envelope: 'success' },
      },
      async (request) => success(await daily.view(requireUser(request).id), 'Daily rewards found'),
    );

    app.get(
      '/reward/:id',
      {
        schema: { params: rewardParamsSchema, response: { 200: successEnvelope(dailyRewardSchema) } },
        config: { envelope: 'success' },
      },
      async (request) => {
        requireUser(request);
        return success(orThrow(await daily.reward(request.params.id)), 'Reward found');
      },
    );

    app.post(
      '/reward/claim/:id',
      {
        schema: {
          params: rewardParamsSchema,
          body: claimRewardBodySchema,
          response: { 200: successEnvelope(claimedRewardSchema) },
        },
        config: { envelope: 'success' },
      },
      async (request) =>
        success(orThrow(await daily.claim(requireUser(request).id, request.params.id)), 'Reward claimed'),
    );

    app.get(
      '/games',
      { schema: { querystring: gamesQuerySchema, response: { 200: codeEnvelope(gamesPageSchema) } } },
      async (request) => {
        requireUser(request);
        const page = request.query.page;
        const list = orThrow(await games.page(page));
        return ok({ page, games: list, configured: games.configured }, 'Games found');
      },
    );

    app.get('/ads/status', { schema: { response: { 200: codeEnvelope(adStatusSchema) } } }, async (request) =>
      ok(await ads.status(requireUser(request).id), 'Play & Earn'),
    );

    // No body: a Play & Earn view; `{purpose: 'battle-recovery', battle_id}`: a defeat's video recovery.
    app.post(
      '/ads/views',
      { schema: { body: startAdViewBodySchema.nullish(), response: { 200: codeEnvelope(adViewSchema) } } },
      async (request) =>
        ok(orThrow(await ads.start(requireUser(request).id, request.body ?? undefined)), 'Ad view started'),
    );

    app.get(
      '/ads/views/:id',
      { schema: { params: adViewParamsSchema, response: { 200: codeEnvelope(adViewSchema) } } },
      async (request) => ok(orThrow(await ads.view(requireUser(request).id, request.params.id)), 'Ad view'),
    );

    // Adsgram's Reward URL (docs.adsgram.ai "Reward URL"): a GET with the player's Telegram id in
    // place of [userId]; the secret we put in the URL proves it is ours. No Telegram init data.
    app.get(
      '/ads/adsgram/reward',
      {
        schema: {
          querystring: adsgramRewardQuerySchema,
          response: {
            200: codeEnvelope(z.object({ credited: z.boolean(), view_id: z.string().nullable() })),
          },
        },
        config: { auth: 'none' },
      },
      async (request) => {
        if (!ads.verifyCallback(request.query.secret)) throw new ApiError('ads/forbidden');
        const user = await users.findByTelegramId(request.query.userid);
        if (!user) throw new ApiError('user/not-found');
        const result = orThrow(await ads.rewardCallback(user.id));
        return ok(result, result.credited ? 'Reward credited' : 'Nothing to credit');
      },
    );
  };
}
