import { createApp } from './app.ts';
import { registerWebhook } from './bot/register-webhook.ts';
import { bootStepOnce, fingerprint, withBootLock } from './cluster/boot-lock.ts';
import { DRAIN_NOTICE_MS, drainAndClose } from './cluster/drain.ts';
import { ConfigError, loadConfig } from './config/config.ts';

/** Starts Titans: configuration from the environment, then listen, then close cleanly on a signal. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const titans = await createApp(config);
  const { app, database, bot, cluster } = titans;
  app.log.info(
    {
      database: database.kind,
      devMode: config.devMode,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
    },
    config.devMode
      ? 'development mode: no TELEGRAM_BOT_TOKEN, signing in as the test user 00000002'
      : 'Telegram mode: init data is checked with the bot token',
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing work in flight');
    // SIGTERM drains (D-CLUSTER-11): /health 503, battles play to the end, then close. SIGINT
    // (Ctrl-C while developing) closes at once.
    const drain = signal === 'SIGTERM' ? config.drainTimeoutMs : 0;
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, drain + config.shutdownTimeoutMs);
    timer.unref();
    try {
      await drainAndClose(titans, {
        timeoutMs: drain,
        noticeMs: cluster && drain > 0 ? DRAIN_NOTICE_MS : 0,
        logger: app.log,
      });
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Telegram sends updates only once we listen: point its webhook at us now, once for processes
  // starting together (D-CLUSTER-3).
  if (bot)
    await withBootLock(config.databaseDirectUrl, () =>
      bootStepOnce(cluster, 'webhook', fingerprint([config.publicUrl, config.telegramWebhookSecret]), () =>
        registerWebhook(bot, config, app.log),
      ),
    );
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
