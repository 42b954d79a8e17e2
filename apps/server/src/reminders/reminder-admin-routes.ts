import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../core/clock.ts';
import type { RawQuery } from '../db/database.ts';
import { ok } from '../http/reply.ts';
import type { ReminderCounters } from './reminder-metrics.ts';
import { backlog, isPaused, setPaused } from './reminder-store.ts';

export interface ReminderAdminDeps {
  /** OPS1's check of the operator's bearer token (admin/admin-routes.ts requireOperator). */
  requireOperator(request: { headers: { authorization?: string | undefined } }): Promise<void>;
  query: RawQuery;
  now: Clock;
  /** This process's sender counters, null when it sends nothing (no bot token). */
  counters: ReminderCounters | null;
  /** Tells this process's sender the pause changed (the others read it within a second). */
  pauseChanged(): void;
}

/**
 * `npm run ops -- reminders pause|resume|status` (OPS1's bearer token): the pause is one row, so
 * every process stops and starts together (D-REMIND-4); the status reads the outbox.
 */
export function reminderAdminRoutes(deps: ReminderAdminDeps): FastifyPluginAsyncZod {
  const { query, now } = deps;
  const status = async () => {
    const at = now();
    const queue = await backlog(query, at);
    return {
      paused: await isPaused(query),
      due: queue.due,
      pending: queue.pending,
      lag_seconds: queue.oldestDueAt === null ? 0 : Math.max(0, (at - queue.oldestDueAt) / 1000),
      this_process: deps.counters,
    };
  };
  return async (app) => {
    app.addHook('onRequest', deps.requireOperator);
    const noAuth = { auth: 'none' as const };
    app.get('/admin/reminders', { config: noAuth }, async () => ok(await status(), 'Reminders'));
    for (const [path, paused] of [
      ['/admin/reminders/pause', true],
      ['/admin/reminders/resume', false],
    ] as const) {
      app.post(path, { config: noAuth }, async () => {
        await setPaused(query, paused, now());
        deps.pauseChanged();
        return ok(await status(), paused ? 'Reminders paused' : 'Reminders resumed');
      });
    }
  };
}
