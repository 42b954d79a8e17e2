import { REMINDER_MAX_ATTEMPTS } from '@titans/shared/constants';
import { decideReminder } from '@titans/shared/reminders/rules';
import type { FastifyBaseLogger } from 'fastify';
import type { InlineKeyboard } from 'grammy';
import type { Clock } from '../core/clock.ts';
import type { RawQuery } from '../db/database.ts';
import type { RateGate } from './rate-gate.ts';
import type { ReminderMetrics } from './reminder-metrics.ts';
import {
  audiencesOf,
  type ClaimedReminder,
  claimDue,
  isPaused,
  markUnreachable,
  type Settlement,
  settle,
} from './reminder-store.ts';
import type { ReminderTransport, SendOutcome } from './reminder-transport.ts';

export interface ReminderSenderOptions {
  query: RawQuery;
  transport: ReminderTransport;
  gate: RateGate;
  metrics: ReminderMetrics;
  logger: FastifyBaseLogger;
  now: Clock;
  /** Names this process in the rows it leases. */
  nodeId: string;
  render(reminder: ClaimedReminder): Promise<{ text: string; button: InlineKeyboard | undefined }>;
  /** Rows taken at most per round; the gate decides how many may go. */
  batchSize: number;
  leaseMs: number;
  /** How long an idle sender waits before looking again. */
  pollMs: number;
}

const PAUSE_CHECK_MS = 1_000;

/**
 * Sends due reminders (BR8, BR9): each round asks the rate gate for a budget, takes that many
 * due rows under a lease, decides each (BR2–BR4), sends the ones that go at once and writes every
 * outcome. Sent marks are written as the answers arrive, so a process killed mid-round leaves as
 * few sent-but-unmarked rows as possible (D-REMIND-1). Any number of processes run one each.
 */
export class ReminderSender {
  private running: Promise<void> | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;
  private paused: { at: number; paused: boolean } | null = null;

  constructor(private readonly options: ReminderSenderOptions) {}

  start() {
    this.running ??= this.loop();
  }

  async stop() {
    this.stopped = true;
    this.wake?.();
    await this.running;
  }

  /** Looks for due rows now instead of at the next poll (a reminder was just queued due now). */
  nudge() {
    this.wake?.();
  }

  /** Forgets the cached pause state (the operator just changed it). */
  pauseChanged() {
    this.paused = null;
    this.wake?.();
  }

  private async loop() {
    while (!this.stopped) {
      let waitMs: number;
      try {
        waitMs = await this.round();
      } catch (error) {
        this.options.logger.error({ err: error }, 'reminders: a sending round failed; retrying');
        waitMs = this.options.pollMs;
      }
      if (waitMs > 0 && !this.stopped) await this.sleep(waitMs);
    }
  }

  private sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async isPaused(now: number) {
    if (!this.paused || now - this.paused.at > PAUSE_CHECK_MS)
      this.paused = { at: now, paused: await isPaused(this.options.query) };
    return this.paused.paused;
  }

  /** One round; answers how long to wait before the next (0: at once). */
  async round(): Promise<number> {
    const { query, gate, batchSize, pollMs } = this.options;
    const now = this.options.now();
    if (await this.isPaused(now)) return pollMs;
    const budget = await gate.take(batchSize, now);
    if (budget.granted === 0) return Math.max(1, budget.waitMs);
    const rows = await claimDue(query, {
      now,
      limit: budget.granted,
      leaseMs: this.options.leaseMs,
      nodeId: this.options.nodeId,
    });
    if (rows.length === 0) return pollMs;
    const audiences = await audiencesOf(query, [...new Set(rows.map((row) => row.userId))], now);
    const settlements: Settlement[] = [];
    const toSend: ClaimedReminder[] = [];
    const chats = new Set<number>();
    for (const row of rows) {
      const decision = decideReminder(row.kind, audiences.get(row.userId) ?? null, now);
      if (decision.action === 'cancel')
        settlements.push({ id: row.id, status: 'cancelled', outcome: decision.reason });
      else if (decision.action === 'defer')
        settlements.push({
          id: row.id,
          status: 'pending',
          outcome: decision.reason,
          dueAt: decision.until,
          refundAttempt: true,
        });
      else if (chats.has(row.chatId))
        // BR9: one message a second per chat, also within one round.
        settlements.push({
          id: row.id,
          status: 'pending',
          outcome: 'chat-limit',
          dueAt: now + 1_000,
          refundAttempt: true,
        });
      else {
        chats.add(row.chatId);
        toSend.push(row);
      }
    }
    await settle(query, settlements, now);
    await this.send(toSend);
    return rows.length < budget.granted ? pollMs : 0;
  }

  /** Sends concurrently; each answer's mark is written as soon as the previous write is done. */
  private async send(rows: ClaimedReminder[]) {
    const marks = new MarkWriter(this.options.query, this.options.now);
    const blocked: string[] = [];
    await Promise.all(
      rows.map(async (row) => {
        const message = await this.options.render(row).catch((error: unknown) => {
          this.options.logger.error(
            { err: error, reminderId: row.id },
            'reminders: could not write the message',
          );
          return null;
        });
        const outcome: SendOutcome = message
          ? await this.options.transport.send(row.chatId, message.text, message.button)
          : { kind: 'transient', description: 'message not written' };
        const settlement = await this.afterSend(row, outcome);
        if (outcome.kind === 'blocked') blocked.push(row.userId);
        marks.add(settlement);
      }),
    );
    await marks.done();
    for (const userId of blocked) await markUnreachable(this.options.query, userId, this.options.now());
  }

  private async afterSend(row: ClaimedReminder, outcome: SendOutcome): Promise<Settlement> {
    const { metrics, logger } = this.options;
    const now = this.options.now();
    switch (outcome.kind) {
      case 'sent':
        metrics.sent(row.kind);
        return { id: row.id, status: 'sent', outcome: null };
      case 'retry-after': {
        // BR9: Telegram's wait applies to the whole bot; this row goes again after it.
        metrics.throttled();
        const until = now + outcome.seconds * 1_000;
        await this.options.gate.pauseUntil(until);
        return { id: row.id, status: 'pending', outcome: 'throttled', dueAt: until, refundAttempt: true };
      }
      case 'blocked':
        metrics.blocked();
        return { id: row.id, status: 'failed', outcome: 'blocked' };
      case 'refused':
        metrics.failed('refused');
        logger.warn({ reminderId: row.id, description: outcome.description }, 'reminders: Telegram refused');
        return { id: row.id, status: 'failed', outcome: `refused: ${outcome.description}`.slice(0, 200) };
      case 'transient':
        if (row.attempts >= REMINDER_MAX_ATTEMPTS) {
          metrics.failed('retries');
          return { id: row.id, status: 'failed', outcome: 'retries' };
        }
        return { id: row.id, status: 'pending', outcome: 'retry', dueAt: now + 2 ** row.attempts * 1_000 };
    }
  }
}

/** Writes settlements as they arrive: one statement at a time, each carrying all that waited. */
class MarkWriter {
  private waiting: Settlement[] = [];
  private writing: Promise<void> = Promise.resolve();
  private failure: unknown = null;

  constructor(
    private readonly query: RawQuery,
    private readonly now: Clock,
  ) {}

  add(settlement: Settlement) {
    this.waiting.push(settlement);
    if (this.waiting.length === 1) this.writing = this.writing.then(() => this.write());
  }

  private async write() {
    const batch = this.waiting;
    this.waiting = [];
    if (batch.length === 0) return;
    await settle(this.query, batch, this.now()).catch((error: unknown) => {
      this.failure = error;
    });
  }

  async done() {
    await this.writing;
    if (this.waiting.length > 0) await this.write();
    if (this.failure) throw this.failure;
  }
}
