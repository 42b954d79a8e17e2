import type { FastifyBaseLogger } from 'fastify';
import type { Scheduler, TimerHandle } from '../core/clock.ts';
import type { Cluster } from './cluster.ts';

/** How long a process counts as alive after its last heartbeat. */
export const HEARTBEAT_TTL_MS = 3_000;
/** How often a process renews its heartbeat. */
export const HEARTBEAT_EVERY_MS = 1_000;

/**
 * Which processes are alive (decisions: D-CLUSTER-14): each process renews
 * `<prefix>node:<id>` every second with a 3-second expiry, so a process that dies or pauses stops
 * counting as alive within 3 s, with nobody to tell (colyseus#389: presence must expire by itself).
 * Being alive in Redis only lets a process keep what it holds; what it writes is still fenced in
 * PostgreSQL (users.owner_epoch), so a paused process that wakes cannot do harm.
 */
export class NodeLiveness {
  private timer: TimerHandle | null = null;
  private stopped = false;

  constructor(
    private readonly cluster: Cluster,
    private readonly scheduler: Scheduler,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** Beats once (awaited: the process is alive before it serves) and then every second. */
  async start(): Promise<void> {
    await this.beat();
    this.timer = this.scheduler.setInterval(() => void this.beat(), HEARTBEAT_EVERY_MS);
  }

  /** Stops beating and removes the heartbeat: the others see this process gone at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.timer?.cancel();
    await this.cluster.redis.del(this.key(this.cluster.nodeId)).catch(() => 0);
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
    try {
      await this.cluster.redis.set(
        this.key(this.cluster.nodeId),
        String(this.scheduler.now()),
        'PX',
        HEARTBEAT_TTL_MS,
      );
    } catch (error) {
      this.logger.warn({ err: error }, 'cluster heartbeat not renewed: Redis did not answer');
    }
  }
}
