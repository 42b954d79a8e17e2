import { Counter, Gauge, type Registry } from 'prom-client';

/** What the sender counts (BR7–BR9), whether or not a metrics registry exists. */
export interface ReminderCounters {
  sent: number;
  failed: number;
  blocked: number;
  throttled: number;
}

/**
 * The reminders' series in the app's metrics registry (D-OPS-2): sent, failed (by reason) and
 * blocked counters, the 429s Telegram answered, and the queue's depth and lag read at scrape time.
 */
export class ReminderMetrics {
  readonly counters: ReminderCounters = { sent: 0, failed: 0, blocked: 0, throttled: 0 };
  private readonly sentTotal: Counter<'kind'> | null = null;
  private readonly failedTotal: Counter<'reason'> | null = null;
  private readonly blockedTotal: Counter | null = null;
  private readonly throttledTotal: Counter | null = null;
  private cached: { at: number; due: number; lagSeconds: number } | null = null;

  constructor(
    registry: Registry | null,
    private readonly backlog: () => Promise<{ due: number; lagSeconds: number }>,
  ) {
    if (!registry) return;
    const registers = [registry];
    this.sentTotal = new Counter({
      name: 'titans_reminders_sent_total',
      help: 'Bot reminders Telegram accepted, by kind (BR1)',
      labelNames: ['kind'],
      registers,
    });
    for (const kind of ['energy_full', 'daily_ready', 'friend_joined', 'rematch'])
      this.sentTotal.inc({ kind }, 0);
    this.failedTotal = new Counter({
      name: 'titans_reminders_failed_total',
      help: 'Bot reminders that ended unsent: refused by Telegram or out of retries (BR9)',
      labelNames: ['reason'],
      registers,
    });
    for (const reason of ['refused', 'retries']) this.failedTotal.inc({ reason }, 0);
    this.blockedTotal = new Counter({
      name: 'titans_reminders_blocked_total',
      help: 'Players found to have blocked the bot (403): their reminders stop (BR7)',
      registers,
    });
    this.throttledTotal = new Counter({
      name: 'titans_reminders_throttled_total',
      help: "Telegram's 429 answers to reminders; the bot waited retry_after (BR9)",
      registers,
    });
    const read = () => this.queue();
    new Gauge({
      name: 'titans_reminders_queue_depth',
      help: 'Reminders due and not yet sent (the whole outbox, not only this process)',
      registers,
      async collect() {
        this.set((await read()).due);
      },
    });
    new Gauge({
      name: 'titans_reminders_lag_seconds',
      help: 'How long the oldest due reminder has waited past its time',
      registers,
      async collect() {
        this.set((await read()).lagSeconds);
      },
    });
  }

  /** The queue as of the last read, read again when older than 5 s. */
  async queue() {
    // A database that does not answer must not fail the whole scrape: the last figures stay.
    const cached = this.cached;
    if (!cached || Date.now() - cached.at > 5_000)
      this.cached = await this.backlog().then(
        (figures) => ({ at: Date.now(), ...figures }),
        () => cached ?? { at: Date.now(), due: 0, lagSeconds: 0 },
      );
    return this.cached ?? { at: Date.now(), due: 0, lagSeconds: 0 };
  }

  /** The JSON form of /metrics: this process's counters and the whole queue's depth and lag. */
  async snapshot() {
    const { due, lagSeconds } = await this.queue();
    return { ...this.counters, queueDepth: due, lagSeconds };
  }

  sent(kind: string) {
    this.counters.sent++;
    this.sentTotal?.inc({ kind });
  }
  failed(reason: 'refused' | 'retries') {
    this.counters.failed++;
    this.failedTotal?.inc({ reason });
  }
  blocked() {
    this.counters.blocked++;
    this.blockedTotal?.inc();
  }
  throttled() {
    this.counters.throttled++;
    this.throttledTotal?.inc();
  }
}
