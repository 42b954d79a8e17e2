import { parseArgs } from 'node:util';
import { Api } from 'grammy';
import pino from 'pino';
import { ConfigError, loadConfig } from '../config/config.ts';
import { systemClock } from '../core/clock.ts';
import { openDatabase } from '../db/database.ts';
import { BalanceGateway } from '../money/balance-gateway.ts';
import { TapEngine } from '../taps/tap-engine.ts';
import { StarsService } from './stars-service.ts';

/*
 * Operator command: refunds one Telegram Stars payment (S5, S12).
 *   npm run refund -- <telegram_payment_charge_id> [--allow-shortfall] [--user <telegram id>]
 * A paid purchase gives its diamonds back; a payment recorded as an anomaly (it did not match its
 * invoice) credited none, so none are taken. A charge no purchase records (the log names it, a
 * payment for an unknown order) is refunded to the player named by --user, as that log line says.
 * It uses the server's configuration (TELEGRAM_BOT_TOKEN, TELEGRAM_API_ROOT, DATABASE_URL or
 * DATA_DIR). With the embedded PGlite database, stop the server first (one process owns the
 * data folder); with PostgreSQL it runs next to the live servers, which pick the new balance up
 * on their next flush.
 */
const USAGE =
  'usage: npm run refund -- <telegram_payment_charge_id> [--allow-shortfall] [--user <telegram id>]';

function parse(argv: string[]) {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { 'allow-shortfall': { type: 'boolean' }, user: { type: 'string' } },
    });
    const [chargeId, ...extra] = positionals;
    if (!chargeId || extra.length > 0) return null;
    if (values.user !== undefined && !/^[1-9]\d{0,15}$/.test(values.user)) return null;
    return {
      chargeId,
      allowShortfall: values['allow-shortfall'] === true,
      telegramUserId: values.user === undefined ? undefined : Number(values.user),
    };
  } catch {
    return null;
  }
}

const paidText = (amount: number, currency: string) =>
  currency === 'XTR' ? `${amount} Stars` : `${amount} ${currency}`;

async function main(argv: string[]) {
  const args = parse(argv);
  if (!args) {
    console.error(USAGE);
    return 2;
  }
  const { chargeId, allowShortfall, telegramUserId } = args;
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
      payments: new Api(config.botToken, {
        apiRoot: config.telegramApiRoot,
        environment: config.telegramEnvironment,
      }),
      ton: null,
    });
    const result = await stars.refund(chargeId, { allowShortfall, telegramUserId });
    if (!result.ok && result.code === 'stars/purchase-not-found' && telegramUserId !== undefined) {
      const unrecorded = await stars.refundUnrecorded(telegramUserId, chargeId);
      await engine.close();
      if (!unrecorded.ok) {
        console.error(`Refund refused (${unrecorded.code}): ${unrecorded.message ?? ''}`.trim());
        return 1;
      }
      console.info(
        `Refunded charge ${chargeId} to Telegram user ${telegramUserId}; no purchase records it, so no diamonds were taken back`,
      );
      return 0;
    }
    await engine.close();
    if (!result.ok) {
      console.error(`Refund refused (${result.code}): ${result.message ?? ''}`.trim());
      if (result.data) console.error(JSON.stringify(result.data));
      if (result.code === 'stars/refund-shortfall')
        console.error('The player spent these Stars. Run again with --allow-shortfall to refund anyway.');
      if (result.code === 'stars/purchase-not-found')
        console.error(
          'No purchase records this charge. If the log names it as a payment for an unknown order, run again with --user <telegram id> from that line.',
        );
      return 1;
    }
    const { purchase, debited, shortfall, anomaly } = result.value;
    if (anomaly) {
      console.info(
        `Refunded ${paidText(anomaly.totalAmount, anomaly.currency)} for order ${purchase.order_id}; took back 0 diamonds: ` +
          `the payment did not match its invoice (${anomaly.reason}; expected ${anomaly.expected} Stars), so none were credited`,
      );
      return 0;
    }
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
