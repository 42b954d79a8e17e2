import type { FastifyBaseLogger } from 'fastify';
import type { Scheduler, TimerHandle } from '../core/clock.ts';
import { isClusterUnavailable } from '../core/cluster-unavailable.ts';
import type { Cluster } from './cluster.ts';

/** A job that must run once per period across the whole cluster. */
export interface ClusterJob {
  name: string;
  periodMs: number;
  /** Runs the job for this slot of time (`floor(now / periodMs)` when it was claimed). */
  run(slot: number): Promise<unknown>;
}

export interface ClusterJobsDeps {
  cluster: Cluster;
  /** The app's time and timers: periods are slots of this clock. */
  scheduler: Scheduler;
  logger: FastifyBaseLogger;
}

/**
 * Cluster-wide jobs, once per period (decisions: D-CLUSTER-4). Time is cut into slots of the
 * job's period; every process checks twice a slot and the first to claim the slot in Redis
 * (`SET <prefix>job:<name>:<slot> <node> NX PX period+1min`) runs it. No leader to elect or lose: a
 * process that dies, pauses or is draining simply stops claiming, and any other claims the next
 * slot. Without Redis nobody claims and the job waits (logged), which is what "once" means when
 * the processes cannot agree.
 */
export class ClusterJobs {
  private readonly jobs: ClusterJob[] = [];
  private readonly timers: TimerHandle[] = [];
  private readonly running = new Set<Promise<unknown>>();
  private stopped = false;
  /** Runs of each job by this process (tests, metrics). */
  readonly runs = new Map<string, number>();

  constructor(private readonly deps: ClusterJobsDeps) {}

  add(job: ClusterJob): void {
    if (job.periodMs <= 0) throw new Error(`cluster job ${job.name} needs a period`);
    this.jobs.push(job);
  }

  /** Claims each job's current slot now, then checks twice per period. */
  start(): void {
    for (const job of this.jobs) {
      void this.tick(job);
      this.timers.push(
        this.deps.scheduler.setInterval(() => void this.tick(job), Math.max(25, job.periodMs / 2)),
      );
    }
  }

  /** Stops claiming (a draining process takes no new work) and waits for runs in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.splice(0)) timer.cancel();
    await Promise.allSettled([...this.running]);
  }

  private async tick(job: ClusterJob): Promise<void> {
    if (this.stopped) return;
    const { cluster, scheduler, logger } = this.deps;
    const slot = Math.floor(scheduler.now() / job.periodMs);
    let claimed: string | null;
    try {
      claimed = await cluster.redis.set(
        cluster.key(`job:${job.name}:${slot}`),
        cluster.nodeId,
        'PX',
        // Past the slot's end by a minute: a process stalled between reading the clock and
        // claiming still finds the slot taken.
        job.periodMs + 60_000,
        'NX',
      );
    } catch (error) {
      logger.warn({ err: error, job: job.name }, 'cluster job not claimed: Redis did not answer');
      return;
    }
    if (claimed !== 'OK' || this.stopped) return;
    const run = job
      .run(slot)
      .then(() => this.runs.set(job.name, (this.runs.get(job.name) ?? 0) + 1))
      .catch((error: unknown) => {
        // Redis stalling under a running job is the cluster's weather, not a fault: the next slot runs it again.
        if (isClusterUnavailable(error))
          logger.warn({ err: error, job: job.name }, 'cluster job cut short: Redis did not answer');
        else logger.error({ err: error, job: job.name }, 'cluster job failed');
      });
    this.running.add(run);
    await run;
    this.running.delete(run);
  }
}
