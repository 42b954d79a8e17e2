import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type FakeBotApi,
  postWebhook,
  startFakeBotApi,
  successfulPaymentUpdate,
} from './helpers/fake-bot-api.ts';
import { describeEachDatabase, readyPlayer, startTestApp, TEST_BOT_TOKEN } from './helpers/test-app.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const SECRET = 'refund-cli-webhook-secret-0123';

/** `npm run refund -- <charge id>` as an operator types it (the script npm runs). */
function refundCommand(env: Record<string, string>, ...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'apps/server/src/stars/refund-cli.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

describeEachDatabase('stars refund command', (kind) => {
  let botApi: FakeBotApi;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-refund-'));

  beforeAll(async () => {
    botApi = await startFakeBotApi();
  });
  afterAll(async () => {
    await botApi?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('S5 npm run refund refunds the charge through the Bot API and takes the Stars back once', async () => {
    const env = { TELEGRAM_API_ROOT: botApi.url, TELEGRAM_WEBHOOK_SECRET: SECRET };
    const t = await startTestApp(kind, { env, dataDir });
    const telegramId = 51_001;
    const chargeId = `stxCli${randomBytes(6).toString('hex')}`;
    // DATABASE_URL empty: the command must not inherit the PostgreSQL this run may have set.
    let databaseEnv: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: '' };
    try {
      await readyPlayer(t, telegramId);
      const invoice = await t.call(telegramId, 'POST', '/v1/diamonds/create-invoice', {
        telegram_user_id: telegramId,
        package_id: 'sack-of-stars',
      });
      const update = successfulPaymentUpdate({
        fromId: telegramId,
        payload: invoice.body.data.purchase_id,
        amount: 143,
        chargeId,
      });
      expect((await postWebhook(t.url, update, SECRET)).status).toBe(200);
      if (kind === 'postgres') {
        // With PostgreSQL the command runs next to the live server.
        databaseEnv = { DATABASE_URL: t.config.databaseUrl! };
        const usage = await refundCommand({ ...env, ...databaseEnv });
        expect(usage.code).toBe(2);
        expect(usage.stderr).toContain('usage: npm run refund');
        const first = await refundCommand({ ...env, ...databaseEnv }, chargeId);
        expect(first).toMatchObject({ code: 0 });
        expect(first.stdout).toMatch(
          /Refunded 143 Stars for order TG-ORDER-51001-\d+; took back 150 diamonds/,
        );
        const again = await refundCommand({ ...env, ...databaseEnv }, chargeId);
        expect(again.code).toBe(1);
        expect(again.stderr).toContain('stars/already-refunded');
      }
    } finally {
      if (kind === 'pglite') await t.close();
    }
    if (kind === 'pglite') {
      // The embedded database has one owner: the operator stops the server first.
      const first = await refundCommand({ ...env, ...databaseEnv }, chargeId);
      expect(first).toMatchObject({ code: 0 });
      expect(first.stdout).toContain('took back 150 diamonds');
      expect((await refundCommand({ ...env, ...databaseEnv }, chargeId)).code).toBe(1);
    }
    const refunds = botApi.callsOf('refundStarPayment');
    expect(refunds.map((call) => call.body)).toEqual([
      { user_id: telegramId, telegram_payment_charge_id: chargeId },
    ]);

    const reopened = kind === 'pglite' ? await startTestApp(kind, { env, dataDir }) : t;
    try {
      const [row] = await reopened.database.query<{ gems: number; ledger: number }>(
        `select u.gems::int as gems, coalesce((select sum(delta) from ledger l where l.user_id = u.id and l.currency = 'gems'), 0)::int as ledger
           from users u where u.telegram_user_id = $1`,
        [telegramId],
      );
      expect(row).toEqual({ gems: 0, ledger: 0 });
    } finally {
      await reopened.close();
    }
  }, 180_000);
  it('S12 npm run refund refunds a payment that did not match its invoice without taking diamonds, and a charge no purchase records with --user', async () => {
    const env = { TELEGRAM_API_ROOT: botApi.url, TELEGRAM_WEBHOOK_SECRET: SECRET };
    const ownDir = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-refund-anomaly-'));
    const t = await startTestApp(kind, { env, dataDir: ownDir });
    const telegramId = 51_002;
    const honest = `stxCliHonest${randomBytes(6).toString('hex')}`;
    const odd = `stxCliOdd${randomBytes(6).toString('hex')}`;
    const unknown = `stxCliUnknown${randomBytes(6).toString('hex')}`;
    const databaseEnv: Record<string, string> =
      kind === 'postgres' ? { DATABASE_URL: t.config.databaseUrl! } : { DATA_DIR: ownDir, DATABASE_URL: '' };
    let reopened = t;
    try {
      await readyPlayer(t, telegramId);
      const invoice = async () =>
        (
          await t.call(telegramId, 'POST', '/v1/diamonds/create-invoice', {
            telegram_user_id: telegramId,
            package_id: 'sack-of-stars',
          })
        ).body.data.purchase_id as string;
      const payments = [
        { payload: await invoice(), chargeId: honest, currency: 'XTR' },
        { payload: await invoice(), chargeId: odd, currency: 'USD' },
        { payload: crypto.randomUUID(), chargeId: unknown, currency: 'XTR' },
      ];
      for (const payment of payments) {
        const update = successfulPaymentUpdate({ fromId: telegramId, amount: 143, ...payment });
        expect((await postWebhook(t.url, update, SECRET)).status).toBe(200);
      }
      // The embedded database has one owner: the operator stops the server first.
      if (kind === 'pglite') await t.close();
      const refund = (...args: string[]) => refundCommand({ ...env, ...databaseEnv }, ...args);

      const first = await refund(odd);
      expect(first).toMatchObject({ code: 0 });
      expect(first.stdout).toMatch(
        /Refunded 143 USD for order TG-ORDER-51002-\d+; took back 0 diamonds: the payment did not match its invoice \(currency; expected 143 Stars\), so none were credited/,
      );
      const again = await refund(odd);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('stars/already-refunded');

      const unnamed = await refund(unknown);
      expect(unnamed.code).toBe(1);
      expect(unnamed.stderr).toContain('--user <telegram id>');
      expect((await refund(unknown, '--user', 'abc')).code).toBe(2);
      const named = await refund(unknown, '--user', String(telegramId));
      expect(named).toMatchObject({ code: 0 });
      expect(named.stdout).toContain(`Refunded charge ${unknown} to Telegram user ${telegramId}`);
      const twice = await refund(unknown, `--user=${telegramId}`);
      expect(twice.code).toBe(1);
      expect(twice.stderr).toContain('stars/already-refunded');
      // Naming another player for a recorded charge is refused before Telegram is asked.
      const stranger = await refund(honest, '--user', String(telegramId + 1));
      expect(stranger.code).toBe(1);
      expect(stranger.stderr).toContain('request/invalid');

      const refunds = (charge: string) =>
        botApi
          .callsOf('refundStarPayment')
          .filter((call) => call.body.telegram_payment_charge_id === charge)
          .map((call) => call.body);
      expect(refunds(odd)).toEqual([{ user_id: telegramId, telegram_payment_charge_id: odd }]);
      // The second was Telegram's own refusal (CHARGE_ALREADY_REFUNDED).
      expect(refunds(unknown)).toEqual([
        { user_id: telegramId, telegram_payment_charge_id: unknown },
        { user_id: telegramId, telegram_payment_charge_id: unknown },
      ]);
      expect(refunds(honest)).toEqual([]);

      if (kind === 'pglite') reopened = await startTestApp(kind, { env, dataDir: ownDir });
      const [row] = await reopened.database.query<{ gems: number; ledger: number }>(
        `select u.gems::int as gems, coalesce((select sum(delta) from ledger l where l.user_id = u.id and l.currency = 'gems'), 0)::int as ledger
           from users u where u.telegram_user_id = $1`,
        [telegramId],
      );
      expect(row).toEqual({ gems: 150, ledger: 150 });
      const [refunded] = await reopened.database.query<{ status: string; reason: string }>(
        `select status, anomaly->>'reason' as reason from purchases where telegram_payment_charge_id = $1`,
        [odd],
      );
      expect(refunded).toEqual({ status: 'refunded', reason: 'currency' });
    } finally {
      await reopened.close();
      fs.rmSync(ownDir, { recursive: true, force: true });
    }
  }, 180_000);
});
