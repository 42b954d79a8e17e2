import { REMINDER_LEASE_MS } from '@titans/shared/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Cluster } from '../cluster/cluster.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/database.ts';
import type { GameMetrics } from '../metrics/game-metrics.ts';
import { LocalRateGate, RedisRateGate } from './rate-gate.ts';
import { recipientLanguage, reminderButton, reminderText } from './reminder-messages.ts';
import { ReminderMetrics } from './reminder-metrics.ts';
import { ReminderSender } from './reminder-sender.ts';
import { ReminderService } from './reminder-service.ts';
import { backlog } from './reminder-store.ts';
import { TelegramReminderTransport } from './reminder-transport.ts';

export interface RemindersOptions {
  config: Config;
  database: Database;
  cluster: Cluster | null;
  now: Clock;
  logger: FastifyBaseLogger;
  /** The app's metrics (METRICS_TOKEN): the reminders' series go into its registry. */
  gameMetrics: GameMetrics | null;
}

/** An idle sender looks for due reminders this often. */
const POLL_MS = 250;

/**
 * The reminders: the settings and queueing service every process has, and the sender, which
 * runs only with a real bot (TELEGRAM_BOT_TOKEN): in every process of a cluster, sharing one
 * rate budget through Redis (D-REMIND-2), or alone on PGlite.
 */
export function createReminders({ config, database, cluster, now, logger, gameMetrics }: RemindersOptions) {
  const query = database.query;
  const holder: { sender: ReminderSender | null } = { sender: null };
  const service = new ReminderService({ query, now, nudge: () => holder.sender?.nudge() });
  const metrics = new ReminderMetrics(gameMetrics?.registry ?? null, async () => {
    const at = now();
    const queue = await backlog(query, at);
    return {
      due: queue.due,
      lagSeconds: queue.oldestDueAt === null ? 0 : Math.max(0, (at - queue.oldestDueAt) / 1000),
    };
  });
  // BR6: without the bot mounted (TELEGRAM_WEBHOOK_SECRET) nobody could send /stop, so nothing is sent.
  if (config.devMode || !config.telegramWebhookSecret) return { service, sender: null, metrics };
  const rate = config.reminderRatePerSecond;
  holder.sender = new ReminderSender({
    query,
    transport: new TelegramReminderTransport({
      botToken: config.botToken,
      apiRoot: config.telegramApiRoot,
      environment: config.telegramEnvironment,
    }),
    gate: cluster ? new RedisRateGate(cluster.redis, cluster.prefix, rate) : new LocalRateGate(rate),
    metrics,
    logger,
    now,
    nodeId: cluster?.nodeId ?? 'single',
    render: async (reminder) => {
      const language = await recipientLanguage(query, reminder.userId);
      return {
        text: await reminderText(query, reminder, language),
        button: reminderButton(config, reminder, language),
      };
    },
    // About a tenth of a second's budget per round, so rounds are short and the lease is never close.
    batchSize: Math.max(1, Math.min(200, Math.ceil(rate / 10))),
    leaseMs: REMINDER_LEASE_MS,
    pollMs: POLL_MS,
  });
  return { service, sender: holder.sender, metrics };
}

export type Reminders = ReturnType<typeof createReminders>;
