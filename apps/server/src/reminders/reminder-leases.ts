import type { RawQuery } from '../db/database.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The rows one sender holds, with the end of each lease as this process knows it (BR8). The
 * sender renews them while they are in its hands, so only a dead (or stalled) process's rows run
 * out; a row whose lease is near its end is not sent, since another process may take it then, and
 * a row in hand is not taken again by this process when its renewal came late.
 */
export class ReminderLeases {
  private readonly held = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private renewing: Promise<void> | null = null;

  constructor(
    private readonly options: {
      query: RawQuery;
      nodeId: string;
      leaseMs: number;
      now: () => number;
      onError: (error: unknown) => void;
    },
  ) {}

  /** Starts renewing every quarter lease. */
  start() {
    this.timer ??= setInterval(() => void this.renew(), Math.max(50, this.options.leaseMs / 4));
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.renewing;
  }

  hold(ids: number[], until: number) {
    for (const id of ids) this.held.set(id, until);
  }

  release(id: number) {
    this.held.delete(id);
  }

  /** Whether the row's lease lasts at least `marginMs` more: safe to send it now. */
  safe(id: number, marginMs: number) {
    const until = this.held.get(id);
    return until !== undefined && until - this.options.now() >= marginMs;
  }

  /** The rows in hand, lease running or not. */
  ids() {
    return [...this.held.keys()];
  }

  private renew() {
    if (this.renewing || this.held.size === 0) return;
    this.renewing = this.extend().finally(() => {
      this.renewing = null;
    });
  }

  /** One statement for every row in hand. */
  private async extend() {
    const ids = [...this.held.keys()];
    const until = this.options.now() + this.options.leaseMs;
    try {
      const rows = await this.options.query<{ id: number }>(
        `UPDATE reminder_outbox SET lease_until = $2::timestamptz
         WHERE id = ANY($1::bigint[]) AND status = 'pending' AND leased_by = $3
         RETURNING id`,
        [ids, iso(until), this.options.nodeId],
      );
      const renewed = new Set(rows.map((row) => Number(row.id)));
      for (const id of ids) {
        if (!this.held.has(id)) continue;
        // A row not renewed stays in hand (it may be on its way to Telegram) but is not sent now.
        this.held.set(id, renewed.has(id) ? until : 0);
      }
    } catch (error) {
      this.options.onError(error);
    }
  }
}
