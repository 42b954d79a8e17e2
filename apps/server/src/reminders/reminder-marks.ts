import type { Clock } from '../core/clock.ts';
import type { RawQuery } from '../db/database.ts';
import { type Settlement, settle } from './reminder-store.ts';

/** Marks wait at most this long for others to share their statement. */
const MARK_GATHER_MS = 10;
/** A mark whose write failed is tried again after this. */
const MARK_RETRY_MS = 200;

/**
 * Writes how sent rows ended (D-REMIND-1): one statement at a time, each carrying every mark that
 * arrived while the previous one was written or within a few milliseconds of the first. The time
 * between Telegram's answer and its mark is the window in which a killed process leaves a row
 * that is sent again, so marks do not wait for their round; a write that fails is tried again.
 */
export class ReminderMarks {
  private waiting: Settlement[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;

  constructor(
    private readonly options: {
      query: RawQuery;
      nodeId: string;
      now: Clock;
      onError: (error: unknown) => void;
      /** After the rows' marks are written (or given up on): the sender lets go of them. */
      written: (settlements: Settlement[]) => void;
    },
  ) {}

  add(settlement: Settlement) {
    this.waiting.push(settlement);
    this.schedule(MARK_GATHER_MS);
  }

  private schedule(delayMs: number) {
    if (this.timer || this.writing) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.writing = this.write().finally(() => {
        this.writing = null;
        if (this.waiting.length > 0) this.schedule(0);
      });
    }, delayMs);
  }

  private async write() {
    const batch = this.waiting;
    this.waiting = [];
    if (batch.length === 0) return;
    try {
      await settle(this.options.query, batch, this.options.now(), this.options.nodeId);
      this.options.written(batch);
    } catch (error) {
      this.options.onError(error);
      this.waiting.unshift(...batch);
      await new Promise((resolve) => setTimeout(resolve, MARK_RETRY_MS));
    }
  }

  /** Writes what waits now; answers when nothing waits (or, if the database is away, after a few tries). */
  async flush(tries = 5) {
    for (let attempt = 0; attempt < tries; attempt++) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      await this.writing;
      if (this.waiting.length === 0) return;
      this.writing = this.write().finally(() => {
        this.writing = null;
      });
    }
    await this.writing;
  }
}
