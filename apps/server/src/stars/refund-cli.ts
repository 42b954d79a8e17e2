import { Api } from 'grammy';
import pino from 'pino';
import { systemClock } from '../clock.ts';
import { ConfigError, loadConfig } from '../config/config.ts';
import { openDatabase } from '../db/database.ts';
import { BalanceGateway } from '../money/balance-gateway.ts';
import { TapEngine } from '../taps/tap-engine.ts';
import { StarsService } from './stars-service.ts';

/*
 * Operator command: refunds one Telegram Stars payment and takes its diamonds back (S5).
 *   npm run refund -- <telegram_payment_charge_id> [--allow-shortfall]
 * It uses the server's configuration (TELEGRAM_BOT_TOKEN, TELEGRAM_API_ROOT, DATABASE_URL or
 * DATA_DIR). With the embedded PGlite database, stop the server first (one process owns the
 * data folder); with PostgreSQL it runs next to the live servers, which pick the new balance up
 * on their next flush.
 */
async function main(argv: string[]) {
  const args = argv.filter((arg) => !arg.startsWith('--'));
  const allowShortfall = argv.includes('--allow-shortfall');
  const chargeId = args[0];
  if (!chargeId || args.length > 1) {
    console.error('usage: npm run refund -- <telegram_payment_charge_id> [--allow-shortfall]');
    return 2;
  }
  const config = loadConfig();
  if (config.devMode) {
    console.error('TELEGRAM_BOT_TOKEN is not set: refunds go through the real bot.');
    return 2;
  }
  const logger = pino({ level: config.logLevel === 'info' ? 'warn' : config.logLevel });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
  });
  try {
    const engine = new TapEngine({ database, logger, flushIntervalMs: config.tapFlushIntervalMs });
    const gateway = new BalanceGateway({ database, engine, logger, now: systemClock });
    const stars = new StarsService({
      database,
      gateway,
      now: systemClock,
      logger,
      payments: new Api(config.botToken, { apiRoot: config.telegramApiRoot }),
      ton: null,
    });
    const result = await stars.refund(chargeId, { allowShortfall });
    await engine.close();
    if (!result.ok) {
      console.error(`Refund refused (${result.code}): ${result.message ?? ''}`.trim());
      if (result.data) console.error(JSON.stringify(result.data));
      if (result.code === 'stars/refund-shortfall')
        console.error('The player spent these Stars. Run again with --allow-shortfall to refund anyway.');
      return 1;
    }
    const { purchase, debited, shortfall } = result.value;
    console.info(
      `Refunded ${purchase.stars_amount} Stars for order ${purchase.order_id}; took back ${debited} diamonds` +
        (shortfall > 0 ? ` (${shortfall} already spent, recorded as the shortfall)` : ''),
    );
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
