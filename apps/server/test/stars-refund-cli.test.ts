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
});
