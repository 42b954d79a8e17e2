import type { FastifyBaseLogger } from 'fastify';
import type { Scheduler, TimerHandle } from '../core/clock.ts';
import type { Cluster } from './cluster.ts';

/** How often a process renews its heartbeat, and how long it counts as alive after the last one. */
export interface HeartbeatTimings {
  heartbeatMs: number;
  heartbeatTtlMs: number;
}

/**
 * Which processes are alive (decisions: D-CLUSTER-14): each process renews
 * `<prefix>node:<id>` every heartbeat (CLUSTER_HEARTBEAT_MS, a second) with an expiry
 * (CLUSTER_HEARTBEAT_TTL_MS, 3 s), so a process that dies or pauses stops counting as alive within
 * the expiry, with nobody to tell (colyseus#389: presence must expire by itself).
 * Being alive in Redis only lets a process keep what it holds; what it writes is still fenced in
 * PostgreSQL (users.owner_epoch), so a paused process that wakes cannot do harm.
 */
export class NodeLiveness {
  private timer: TimerHandle | null = null;
  private stopped = false;
  /** When the heartbeat was last renewed (scheduler time); null before the first beat. */
  private renewedAt: number | null = null;
  private readonly lapseListeners: Array<() => Promise<void>> = [];

  constructor(
    private readonly cluster: Cluster,
    private readonly scheduler: Scheduler,
    private readonly logger: FastifyBaseLogger,
    private readonly timings: HeartbeatTimings,
  ) {}

  /** Beats once (awaited: the process is alive before it serves) and then every heartbeat. */
  async start(): Promise<void> {
    await this.beat();
    this.timer = this.scheduler.setInterval(() => void this.beat(), this.timings.heartbeatMs);
  }

  /** Stops beating and removes the heartbeat: the others see this process gone at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.timer?.cancel();
    await this.cluster.redis.del(this.key(this.cluster.nodeId)).catch(() => 0);
  }

  /**
   * Called after a beat that renewed a heartbeat already expired (the process was paused or Redis
   * unreachable for longer than the expiry): the others may have taken what this process holds.
   */
  onLapse(listener: () => Promise<void>): void {
    this.lapseListeners.push(listener);
  }

  async isAlive(node: string): Promise<boolean> {
    if (node === this.cluster.nodeId) return !this.stopped;
    return (await this.cluster.redis.exists(this.key(node))) === 1;
  }

  /** Every process alive now. */
  async alive(): Promise<Set<string>> {
    const nodes = new Set<string>();
    const pattern = this.key('*');
    const start = this.key('').length;
    let cursor = '0';
    do {
      const [next, keys] = await this.cluster.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 200);
      cursor = next;
      for (const key of keys) nodes.add(key.slice(start));
    } while (cursor !== '0');
    return nodes;
  }

  private key(node: string): string {
    return this.cluster.key(`node:${node}`);
  }

  private async beat(): Promise<void> {
    if (this.stopped) return;
    const now = this.scheduler.now();
    try {
      await this.cluster.redis.set(
        this.key(this.cluster.nodeId),
        String(now),
        'PX',
        this.timings.heartbeatTtlMs,
      );
    } catch (error) {
      this.logger.warn({ err: error }, 'cluster heartbeat not renewed: Redis did not answer');
      return;
    }
    const awayMs = this.renewedAt === null ? 0 : now - this.renewedAt;
    this.renewedAt = now;
    if (awayMs < this.timings.heartbeatTtlMs) return;
    this.logger.warn({ awayMs }, 'cluster heartbeat had lapsed: checking what others took');
    for (const listener of this.lapseListeners)
      await listener().catch((error: unknown) => this.logger.error({ err: error }, 'lapse check failed'));
  }
}
