import { REMINDER_CHAT_INTERVAL_MS, REMINDER_MAX_ATTEMPTS } from '@titans/shared/constants';
import { decideReminder } from '@titans/shared/reminders/rules';
import type { FastifyBaseLogger } from 'fastify';
import type { InlineKeyboard } from 'grammy';
import type { Clock } from '../core/clock.ts';
import type { RawQuery } from '../db/database.ts';
import type { RateGate } from './rate-gate.ts';
import { ReminderLeases } from './reminder-leases.ts';
import { ReminderMarks } from './reminder-marks.ts';
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
/** A row is sent only while its lease has at least this long to run (another process may take it after). */
const SEND_MARGIN_SHARE = 0.25;
/** Sends of a round closer together than this go out together, on one timer. */
const PACE_STEP_MS = 2;

/**
 * Sends due reminders (BR8, BR9): each round asks the rate gate for a slice of the second's
 * budget, takes that many due rows under a short lease, decides each (BR2–BR4) and sends the ones
 * that go spread evenly over the slice, yielding between sends, so the game's work on the same
 * process is never held behind a burst. Answers are marked as they arrive (ReminderMarks), and the
 * leases of rows still in hand are renewed (ReminderLeases). Any number of processes run one each.
 */
export class ReminderSender {
  private running: Promise<void> | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;
  private paused: { at: number; paused: boolean } | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  /** When this process last sent to each chat, for the last second (BR9). */
  private readonly chatSentAt = new Map<number, number>();
  private readonly leases: ReminderLeases;
  private readonly marks: ReminderMarks;

  constructor(private readonly options: ReminderSenderOptions) {
    const { query, nodeId, now, leaseMs, logger } = options;
    const onError = (error: unknown) =>
      logger.error({ err: error }, 'reminders: a lease or a mark was not written; trying again');
    this.leases = new ReminderLeases({ query, nodeId, leaseMs, now, onError });
    this.marks = new ReminderMarks({
      query,
      nodeId,
      now,
      onError,
      written: (settlements) => {
        for (const settlement of settlements) this.leases.release(settlement.id);
      },
    });
  }

  start() {
    this.leases.start();
    this.running ??= this.loop();
  }

  /** Stops taking rows; the ones already sent are answered and marked first. */
  async stop() {
    this.stopped = true;
    this.wake?.();
    await this.running;
    await this.settled();
    await this.leases.stop();
  }

  /** Waits until every message sent so far is answered and its mark written. */
  async settled() {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
    await this.marks.flush();
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

  /** One round; answers how long to wait before the next (0: at once). Tests call it directly. */
  async round(): Promise<number> {
    const { query, gate, batchSize, pollMs, leaseMs, nodeId } = this.options;
    const now = this.options.now();
    if (await this.isPaused(now)) return pollMs;
    const budget = await gate.take(batchSize, now);
    if (budget.granted === 0) return Math.max(1, budget.waitMs);
    const holding = this.leases.ids();
    const rows = await claimDue(query, { now, limit: budget.granted, leaseMs, nodeId, holding });
    this.leases.hold(
      rows.map((row) => row.id),
      now + leaseMs,
    );
    if (rows.length === 0) return pollMs;
    const { settlements, toSend } = await this.decide(rows, now);
    await settle(query, settlements, now, nodeId);
    for (const settlement of settlements) this.leases.release(settlement.id);
    await this.pace(toSend, budget.spreadMs);
    return rows.length < budget.granted ? pollMs : 0;
  }

  /**
   * BR2–BR4 for each row, and BR9's one message a second per chat: within the round, and against
   * this process's sends of the last second, whose marks (which the policy read sees) may not be
   * written yet.
   */
  private async decide(rows: ClaimedReminder[], now: number) {
    const audiences = await audiencesOf(this.options.query, [...new Set(rows.map((row) => row.userId))], now);
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
      else if (
        chats.has(row.chatId) ||
        (this.chatSentAt.get(row.chatId) ?? -Infinity) > now - REMINDER_CHAT_INTERVAL_MS
      )
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
    for (const [chat, at] of this.chatSentAt)
      if (at <= now - REMINDER_CHAT_INTERVAL_MS) this.chatSentAt.delete(chat);
    for (const chat of chats) this.chatSentAt.set(chat, now);
    return { settlements, toSend };
  }

  /** Starts the sends spread evenly over `spreadMs`, giving the event loop back between them. */
  private async pace(rows: ClaimedReminder[], spreadMs: number) {
    const start = Date.now();
    const step = rows.length > 1 ? spreadMs / rows.length : 0;
    for (const [index, row] of rows.entries()) {
      const ahead = start + index * step - Date.now();
      if (ahead >= PACE_STEP_MS) await new Promise((resolve) => setTimeout(resolve, ahead));
      const sending = this.sendOne(row).finally(() => this.inFlight.delete(sending));
      this.inFlight.add(sending);
    }
  }

  private async sendOne(row: ClaimedReminder) {
    const { logger, transport, leaseMs } = this.options;
    // A stalled process whose lease is about to end leaves the row to whoever takes it next.
    if (!this.leases.safe(row.id, leaseMs * SEND_MARGIN_SHARE)) {
      this.leases.release(row.id);
      return;
    }
    try {
      const message = await this.options.render(row).catch((error: unknown) => {
        logger.error({ err: error, reminderId: row.id }, 'reminders: could not write the message');
        return null;
      });
      const outcome: SendOutcome = message
        ? await transport.send(row.chatId, message.text, message.button)
        : { kind: 'transient', description: 'message not written' };
      const settlement = await this.afterSend(row, outcome);
      if (outcome.kind !== 'blocked') return this.marks.add(settlement);
      // BR7: the row's own mark first, then the player's other rows are dropped.
      const { query, now, nodeId } = this.options;
      await settle(query, [settlement], now(), nodeId);
      this.leases.release(row.id);
      await markUnreachable(query, row.userId, now());
    } catch (error) {
      logger.error({ err: error, reminderId: row.id }, 'reminders: a send failed');
      this.leases.release(row.id);
    }
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
