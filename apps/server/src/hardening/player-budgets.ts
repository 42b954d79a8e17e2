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

  take(now: number): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.refilledAt) / 1000) * this.perSecond);
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

  join(player: string, now: number) {
    const entry = this.budgets.get(player);
    if (entry) entry.sockets++;
    else
      this.budgets.set(player, {
        bucket: new TokenBucket(this.limit.perSecond, this.limit.burst, now),
        sockets: 1,
      });
  }

  leave(player: string) {
    const entry = this.budgets.get(player);
    if (!entry) return;
    if (--entry.sockets <= 0) this.budgets.delete(player);
  }

  take(player: string, now: number): boolean {
    return this.budgets.get(player)?.bucket.take(now) ?? true;
  }

  get size() {
    return this.budgets.size;
  }
}
