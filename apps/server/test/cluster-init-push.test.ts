import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, type TestSocket } from './helpers/socket-client.ts';
import { grantCoins, readyPlayer, startTestApp, type TestApp } from './helpers/test-app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/*
 * initUser answers once this process listens on the player's room (rules: CR6; decisions
 * D-CLUSTER-26). A referral-style payout on the process that holds the player (a gateway change,
 * then `toUser`), started from 50 ms before to 50 ms after a socket on the other process sends
 * initUser: every push published after that socket got its answer reaches it — also when that
 * process's subscriber connection is reconnecting at that moment (the subscription waits for it).
 */
describe.runIf(process.env.DATABASE_URL)('cluster realtime: a push around initUser', () => {
  let a: TestApp;
  let b: TestApp;
  let probe: Redis;
  const sockets: TestSocket[] = [];
  let nextId = 760_000 + Math.floor(Math.random() * 50_000);

  beforeAll(async () => {
    const env = { REDIS_URL, CLUSTER_KEY_PREFIX: `t${randomBytes(3).toString('hex')}:` };
    a = await startTestApp('postgres', { env });
    b = await startTestApp('postgres', { env, databaseUrl: a.config.databaseUrl });
    probe = new Redis(REDIS_URL);
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    probe?.disconnect();
    await b?.close();
    await a?.close();
  }, 60_000);

  const connect = async (t: TestApp, telegramId: number) => {
    const socket = await connectSocket(
      t.url,
      t.initData(telegramId),
      `client-${randomBytes(3).toString('hex')}`,
    );
    sockets.push(socket);
    return socket;
  };

  /** Cuts B's shard-channel subscriber connection (ioredis reconnects it within about 100 ms). */
  const cutSubscriber = async (t: TestApp) => {
    const list = String(await probe.call('CLIENT', 'LIST'));
    const node = t.cluster?.nodeId ?? '';
    for (const line of list.split('\n')) {
      const fields = Object.fromEntries(line.split(' ').map((field) => field.split('=')));
      if (fields.name?.endsWith(node) && Number(fields.ssub) > 0)
        await probe.call('CLIENT', 'KILL', 'ID', fields.id);
    }
  };

  /** One payout `offset` ms from initUser; answers whether a push published after the answer was lost (null: none was). */
  const trial = async (offset: number, cut: boolean): Promise<boolean | null> => {
    const telegramId = nextId++;
    const userId = await readyPlayer(a, telegramId);
    // A holds the player and their room; B's socket will only watch.
    const owner = await connect(a, telegramId);
    const ownerReady = owner.next('statusUpdated');
    owner.emit('initUser', { telegram_user_id: telegramId });
    await ownerReady;
    const watcher = await connect(b, telegramId);
    let answeredAt = Number.POSITIVE_INFINITY;
    const answered = watcher
      .next('statusUpdated', () => true, 5_000)
      .then(() => {
        answeredAt = performance.now();
      });
    // The two start `offset` ms apart on the real clock (timers schedule them; nothing waits on them).
    const begin = performance.now() + 60;
    const at = (ms: number, run: () => void) => setTimeout(run, Math.max(0, begin + ms - performance.now()));
    const name = `payout-${offset}-${cut}`;
    const published = new Promise<number>((resolve, reject) =>
      at(offset, () =>
        grantCoins(a, userId, 2_500).then((coins) => {
          a.realtime.toUser(userId, 'referralJoined', { username: 'u', name, reward: 2_500, coins });
          resolve(performance.now());
        }, reject),
      ),
    );
    // The cut is made before initUser leaves: B's subscriber is away when the room is created.
    at(
      0,
      () =>
        void (cut ? cutSubscriber(b) : Promise.resolve()).then(() =>
          watcher.emit('initUser', { telegram_user_id: telegramId }),
        ),
    );
    const publishedAt = await published;
    await answered;
    let lost: boolean | null = null;
    if (publishedAt > answeredAt) {
      lost = await watcher
        .waitFor('referralJoined', (payload) => payload.name === name, 2_000)
        .then(
          () => false,
          () => true,
        );
    }
    owner.close();
    watcher.close();
    return lost;
  };

  it('CR6 D-CLUSTER-26 payouts from -50 to +50 ms around initUser on another process: no push after the answer is lost', async () => {
    // Cut: B's subscriber is reconnecting (about 100 ms), so the answer comes later; the payouts
    // then run on to 200 ms to fall on both sides of it.
    for (const [cut, last, step] of [
      [false, 50, 5],
      [true, 200, 10],
    ] as const) {
      const lost: number[] = [];
      let trials = 0;
      let afterAnswer = 0;
      for (let offset = -50; offset <= last; offset += step) {
        trials++;
        const result = await trial(offset, cut);
        if (result !== null) afterAnswer++;
        if (result) lost.push(offset);
      }
      expect({ cut, lost }).toEqual({ cut, lost: [] });
      // The range covers both sides of the answer.
      expect(afterAnswer).toBeGreaterThan(3);
      expect(afterAnswer).toBeLessThan(trials);
    }
  }, 180_000);
});
