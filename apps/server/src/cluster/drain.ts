import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** Whether this process is draining: GET /health answers 503 from the moment it starts. */
export class Drain {
  private on = false;
  get draining(): boolean {
    return this.on;
  }
  start(): void {
    this.on = true;
  }
}

/**
 * How long a draining cluster process keeps serving after /health turns 503, so the balancer's
 * health checks (every second, down after two failures: scripts/cluster) see it before new
 * connections are refused.
 */
export const DRAIN_NOTICE_MS = 2_000;

export interface DrainTarget {
  app: FastifyInstance;
  drain: Drain;
  battles: { stopAccepting(): void; whenIdle(timeoutMs: number): Promise<boolean> };
}

/**
 * Graceful drain on SIGTERM (decisions: D-CLUSTER-11): /health answers 503, no new battle starts
 * here, the battles running and the players queued play to the end (at most timeoutMs), then the
 * app closes: sockets are disconnected (clients reconnect through the balancer), every pending
 * tap is flushed and the database closed. Answers whether every battle ended in time.
 */
export async function drainAndClose(
  target: DrainTarget,
  options: { timeoutMs: number; noticeMs: number; logger: FastifyBaseLogger },
): Promise<boolean> {
  const started = Date.now();
  target.drain.start();
  target.battles.stopAccepting();
  const idle = await target.battles.whenIdle(options.timeoutMs);
  if (!idle)
    options.logger.warn({ timeoutMs: options.timeoutMs }, 'drain: battles still running; closing anyway');
  const rest = options.noticeMs - (Date.now() - started);
  if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
  await target.app.close();
  return idle;
}
