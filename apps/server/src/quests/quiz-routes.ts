import { codeEnvelope } from '@titans/shared/envelope';
import {
  answerQuizBodySchema,
  answerResultSchema,
  quizProgressSchema,
  quizViewSchema,
} from '@titans/shared/quests/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/auth-hooks.ts';
import { ok, orThrow } from '../http/reply.ts';
import type { QuizService } from './quiz-service.ts';

const quizParams = z.strictObject({ id: z.string().regex(/^[a-z0-9][a-z0-9-]{1,63}$/) });

/** Quizzes: sent without answers, each answer checked and locked on the server (rules Q3, Q4). */
export function quizRoutes({ quizzes }: { quizzes: QuizService }): FastifyPluginAsyncZod {
  return async (app) => {
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
  };
}
