/** A token bucket: `perSecond` sustained, `burst` at once. */
export class TokenBucket {
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.refilledAt = now;
  }

  /**
   * Takes one token. `share` (0–1] scales the bucket: a player served by N processes gets 1/N of
   * the rate and burst on each (decisions: D-CLUSTER-8), so together they keep one budget.
   */
  take(now: number, share = 1): boolean {
    this.tokens = Math.min(
      this.burst * share,
      this.tokens + ((now - this.refilledAt) / 1000) * this.perSecond * share,
    );
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * One message budget per player shared by all of that player's sockets (rules: H3), so opening
 * more sockets does not multiply what a player may send. Kept while the player has a socket.
 */
export class PlayerBudgets {
  private readonly budgets = new Map<string, { bucket: TokenBucket; sockets: number }>();

  constructor(private readonly limit: { perSecond: number; burst: number }) {}

  /**
   * A socket of the player arrived: their bucket, which every socket of theirs takes from. It stays
   * the player's one bucket while any of their sockets is connected, so a socket may keep it.
   */
  join(player: string, now: number): TokenBucket {
    const entry = this.budgets.get(player);
    if (entry) {
      entry.sockets++;
      return entry.bucket;
    }
    const bucket = new TokenBucket(this.limit.perSecond, this.limit.burst, now);
    this.budgets.set(player, { bucket, sockets: 1 });
    return bucket;
  }

  /**
   * Forgets a player's budget once their last socket is gone and the bucket would be full again,
   * so reconnecting does not hand a flooder a fresh burst.
   */
  leave(player: string) {
    const entry = this.budgets.get(player);
    if (!entry) return;
    if (--entry.sockets > 0) return;
    const refillMs = Math.ceil((this.limit.burst / this.limit.perSecond) * 1000);
    setTimeout(() => {
      const current = this.budgets.get(player);
      if (current === entry && current.sockets <= 0) this.budgets.delete(player);
    }, refillMs).unref();
  }

  get size() {
    return this.budgets.size;
  }
}

/**
 * Socket handshakes per player (rules: H3): a flooder the dispatcher disconnected cannot come
 * straight back again and again, each time costing an account lookup and a fresh socket budget.
 */
export class HandshakeBudgets {
  private readonly budgets = new Map<string, TokenBucket>();

  constructor(private readonly limit: { perSecond: number; burst: number }) {}

  take(player: string, now: number): boolean {
    let bucket = this.budgets.get(player);
    if (!bucket) {
      bucket = new TokenBucket(this.limit.perSecond, this.limit.burst, now);
      this.budgets.set(player, bucket);
      const refillMs = Math.ceil((this.limit.burst / this.limit.perSecond) * 1000);
      setTimeout(() => this.budgets.delete(player), refillMs).unref();
    }
    return bucket.take(now);
  }
}
