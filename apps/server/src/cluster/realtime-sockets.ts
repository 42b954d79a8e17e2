import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../core/clock.ts';
import type { SharedSocketCount } from '../realtime/socket-bounds.ts';
import type { Cluster } from './cluster.ts';

/** A player's socket list lives this long after its last connection (it is pruned as it goes). */
const KEY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The per-player socket cap across processes (decisions: D-CLUSTER-8): a sorted set per Telegram
 * user in Redis, socket ids scored by connection time. Each new socket adds itself and, in the same
 * transaction, takes out the oldest beyond the cap, which the registry then closes wherever they
 * are. One transaction per connection and one command per disconnection; nothing per message. A
 * crashed process's sockets stay listed until newer ones push them out (they are the oldest).
 */
export class RedisSocketCount implements SharedSocketCount {
  constructor(
    private readonly cluster: Cluster,
    private readonly now: Clock,
    private readonly logger: FastifyBaseLogger,
  ) {}

  private key(telegramId: string) {
    return this.cluster.key(`sockets:${telegramId}`);
  }

  async added(telegramId: string, socketId: string, cap: number): Promise<string[]> {
    const key = this.key(telegramId);
    const results = await this.cluster.redis
      .multi()
      .zadd(key, this.now(), socketId)
      .pexpire(key, KEY_TTL_MS)
      .zrange(key, 0, -(cap + 1))
      .zremrangebyrank(key, 0, -(cap + 1))
      .exec();
    const beyond = results?.[2];
    if (!beyond || beyond[0]) throw beyond?.[0] ?? new Error('socket count transaction was discarded');
    const ids: unknown = beyond[1];
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  }

  removed(telegramId: string, socketId: string) {
    this.cluster.redis
      .zrem(this.key(telegramId), socketId)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'could not unlist a closed socket'));
  }
}
