/**
 * REST balance changes for bench-taps' mixed phase: boost upgrades and free refills from many
 * players on an open-loop schedule (latency from the scheduled send time), plus one player who
 * hammers upgrades with several requests in flight at once. Every answer is recorded per player
 * and track, so the bench can check afterwards that no purchase was lost or doubled.
 */
import { UPGRADE_KINDS, type UpgradeKind, upgradePrice } from '../../packages/shared/src/boosts/upgrades.ts';
import { LatencyRecorder } from './latency-recorder.ts';
import type { ClientIdentity } from './tap-harness.ts';

export interface PurchaseStats {
  sent: number;
  succeeded: number;
  /** Answers with a shared error code (insufficient coins, max level, cooldown…), by code. */
  refused: Record<string, number>;
  /**
   * 503 `server/unavailable`: the server found no database connection in time and shed the
   * request before changing anything (a commit it did make would show in the levels-stored check).
   */
  shed: number;
  /** Transport failures and other 5xx answers: always a problem. */
  failures: number;
  failureSamples: string[];
  latency: { p50: number; p99: number; max: number; samples: number };
}

export class PurchaseDriver {
  /** Successful upgrades per player and track, over the whole run. */
  readonly bought = new Map<number, Record<UpgradeKind, number>>();
  private readonly latency = new LatencyRecorder(131_072);
  private sent = 0;
  private succeeded = 0;
  private failures = 0;
  private shed = 0;
  private readonly failureSamples: string[] = [];
  private readonly refused: Record<string, number> = {};
  private readonly turn = new Map<number, number>();
  private inFlight = new Set<Promise<unknown>>();
  private running = false;

  constructor(
    private readonly url: string,
    private readonly purchasers: ClientIdentity[],
    private readonly hammerer: ClientIdentity,
  ) {
    for (const player of [...purchasers, hammerer])
      this.bought.set(player.telegramId, Object.fromEntries(UPGRADE_KINDS.map((k) => [k, 0])) as never);
  }

  /**
   * Runs for `ms`: `perSecond` changes spread over the purchasers (each one's next track in turn,
   * every fifth request a refill), and `hammer` upgrade requests always in flight for one player.
   */
  async run(ms: number, perSecond: number, hammer: number) {
    this.resetWindow();
    this.running = true;
    const started = performance.now();
    // The server's per-player purchase limit (D-HARDEN-2) stops the hammering player after its
    // window's allowance; like the web client, it waits out Retry-After before trying again.
    let resumeAt = 0;
    const hammering = Array.from({ length: hammer }, async () => {
      while (this.running) {
        const pause = resumeAt - performance.now();
        if (pause > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(pause, 200)));
        else {
          const retryAfter = await this.send(this.hammerer, this.nextKind(this.hammerer), performance.now());
          if (retryAfter > 0) resumeAt = Math.max(resumeAt, performance.now() + retryAfter * 1000);
        }
      }
    });
    const gap = 1000 / perSecond;
    for (let n = 0; ; n++) {
      const scheduled = started + n * gap;
      if (scheduled - started >= ms) break;
      const wait = scheduled - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const player = this.purchasers[n % this.purchasers.length]!;
      const request = this.send(player, n % 5 === 4 ? 'refill' : this.nextKind(player), scheduled);
      this.inFlight.add(request);
      void request.finally(() => this.inFlight.delete(request));
    }
    this.running = false;
    await Promise.all([...hammering, ...this.inFlight]);
  }

  private nextKind(player: ClientIdentity): UpgradeKind {
    const turn = this.turn.get(player.telegramId) ?? 0;
    this.turn.set(player.telegramId, turn + 1);
    return UPGRADE_KINDS[turn % UPGRADE_KINDS.length]!;
  }

  /** Sends one change; answers the Retry-After seconds of a 429, else 0. */
  private async send(
    player: ClientIdentity,
    action: UpgradeKind | 'refill',
    scheduled: number,
  ): Promise<number> {
    this.sent++;
    const path = action === 'refill' ? '/v1/boosts/refill' : '/v1/boosts/upgrade';
    try {
      const response = await fetch(`${this.url}${path}`, {
        method: 'POST',
        headers: {
          authorization: `tma ${player.initData}`,
          ...(action === 'refill' ? {} : { 'content-type': 'application/json' }),
        },
        body: action === 'refill' ? undefined : JSON.stringify({ kind: action }),
      });
      const body = (await response.json()) as { error?: string };
      this.latency.record(performance.now() - scheduled);
      if (response.status === 200) {
        this.succeeded++;
        if (action !== 'refill') this.bought.get(player.telegramId)![action]++;
      } else if (response.status < 500 && body.error) {
        this.refused[body.error] = (this.refused[body.error] ?? 0) + 1;
        if (response.status === 429) return Number(response.headers.get('retry-after') ?? 1);
      } else if (response.status === 503 && body.error === 'server/unavailable') {
        this.shed++;
        return Number(response.headers.get('retry-after') ?? 1);
      } else this.fail(`${path} answered ${response.status}: ${JSON.stringify(body).slice(0, 200)}`);
    } catch (error) {
      this.fail(`${path} failed: ${(error as Error).message}`);
    }
    return 0;
  }

  private fail(sample: string) {
    this.failures++;
    if (this.failureSamples.length < 5) this.failureSamples.push(sample);
  }

  private resetWindow() {
    this.sent = 0;
    this.succeeded = 0;
    this.failures = 0;
    this.shed = 0;
    for (const key of Object.keys(this.refused)) delete this.refused[key];
    this.latency.reset();
  }

  stats(): PurchaseStats {
    return {
      sent: this.sent,
      succeeded: this.succeeded,
      refused: { ...this.refused },
      shed: this.shed,
      failures: this.failures,
      failureSamples: [...this.failureSamples],
      latency: (() => {
        const [p50, p99] = this.latency.percentiles(0.5, 0.99);
        return { p50: p50!, p99: p99!, max: this.latency.max, samples: this.latency.seen };
      })(),
    };
  }

  /** Coins the recorded upgrades cost a player: levels bought in order from 0. */
  spentBy(telegramId: number): number {
    const bought = this.bought.get(telegramId)!;
    let total = 0;
    for (const kind of UPGRADE_KINDS)
      for (let level = 0; level < bought[kind]; level++) total += upgradePrice(kind, level)!;
    return total;
  }

  get players(): ClientIdentity[] {
    return [...this.purchasers, this.hammerer];
  }
}
