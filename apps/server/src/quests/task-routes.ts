import { codeEnvelope } from '@titans/shared/envelope';
import {
  acknowledgeCompletionBodySchema,
  completedTaskSchema,
  completeTaskBodySchema,
  pendingCompletionSchema,
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
import { ok, orThrow } from '../http/reply.ts';
import type { TaskService } from './task-service.ts';

/** The Quest Board's tasks: lists, stats, completion, tracked visits and the popup's pending completion (rules Q1, Q2). */
export function taskRoutes({ tasks }: { tasks: TaskService }): FastifyPluginAsyncZod {
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
  };
}
