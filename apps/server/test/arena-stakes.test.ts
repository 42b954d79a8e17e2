import type { FindMatchPayload } from '@titans/shared/battle/schemas';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ManualScheduler } from '../src/core/clock.ts';
import { battles, ledger, users } from '../src/db/schema.ts';
import { connectSocket, type TestSocket } from './helpers/socket-client.ts';
import {
  describeEachDatabase,
  grantCoins,
  ledgerMatches,
  readyPlayer,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';

const INTRO = 10_800;
const BOT_SETUP = 2_000;
const BOOSTER = 'spark-tonic';
const BOOSTER_PRICE = 2_000;

/**
 * The stake is escrowed (F33, decisions D-BATTLE-13) and a void returns stake and energy (F30).
 * On PostgreSQL the purchases run in truly concurrent transactions; PGlite serialises them.
 */
describeEachDatabase('arena stakes', (kind) => {
  let t: TestApp;
  let scheduler: ManualScheduler;
  const sockets: TestSocket[] = [];
  let nextId = 46_000;

  beforeAll(async () => {
    scheduler = new ManualScheduler();
    t = await startTestApp(kind, {
      arena: { scheduler, seed: () => 7 },
      // The app's clock stands with the Arena's: energy regenerates only when a test moves time.
      clock: () => scheduler.now(),
      env: { DATABASE_POOL_SIZE: '20' },
    });
  }, 240_000);
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => t?.close());

  async function player(coins: number) {
    const telegramId = nextId++;
    const userId = await readyPlayer(t, telegramId);
    await grantCoins(t, userId, coins);
    const socket = await connectSocket(t.url, t.initData(telegramId));
    sockets.push(socket);
    const status = socket.next('statusUpdated');
    socket.emit('initUser', { telegram_user_id: String(telegramId) });
    await status;
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    return { telegramId, userId, socket, characterId: row?.selectedCharacterId ?? '' };
  }
  type Player = Awaited<ReturnType<typeof player>>;
  function request(p: Player, energy = 10): FindMatchPayload {
    return {
      telegram_user_id: String(p.telegramId),
      battle_type: 'pve',
      difficulty: 'easy',
      energy_to_spend: energy,
      selected_character_id: p.characterId,
      equipped_items: [],
    };
  }
  async function startPve(p: Player, energy = 10) {
    const started = p.socket.next('battleStarted');
    p.socket.emit('findMatch', request(p, energy));
    return started;
  }
  async function row(userId: string) {
    const [found] = await t.database.db.select().from(users).where(eq(users.id, userId));
    if (!found) throw new Error(`no user ${userId}`);
    return found;
  }
  const battleLedger = (userId: string) =>
    t.database.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, userId), like(ledger.reason, 'battle-%')));

  it('F33 50 concurrent purchases during a battle cannot touch the stake: the defeat costs exactly 5,000', async () => {
    const p = await player(11_000);
    const started = await startPve(p);
    expect((await row(p.userId)).coins).toBe(6_000);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.call(p.telegramId, 'POST', `/v1/purchase/item/${BOOSTER}`, { user_id: String(p.telegramId) }),
      ),
    );
    // Only what is left beside the stake can be spent: three boosters.
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect((await row(p.userId)).coins).toBe(6_000 - 3 * BOOSTER_PRICE);
    const completed = p.socket.next('battleCompleted');
    p.socket.emit('forfeitBattle', { battle_id: started.battle_id });
    expect(await completed).toMatchObject({ result: 'defeat', coins_earned: -5_000, payout: 0, coins: 0 });
    expect((await battleLedger(p.userId)).map((r) => r.delta)).toEqual([-5_000]);
    expect(await ledgerMatches(t, p.userId)).toEqual({ coins: 0, ledger: 0 });
  }, 120_000);

  it('F22 F33 a player who cannot put up the stake cannot start, and nothing is taken', async () => {
    const p = await player(4_999);
    const error = p.socket.next('error');
    p.socket.emit('findMatch', request(p));
    expect(await error).toMatchObject({
      code: 'battle/insufficient-coins',
      message: 'You need at least 5000 coins to enter a battle!',
    });
    expect(await battleLedger(p.userId)).toHaveLength(0);
    expect((await row(p.userId)).coins).toBe(4_999);
  });

  it('F30 a voided battle returns the stake and the energy once; it pays nothing and settles nothing later', async () => {
    const p = await player(5_000);
    const before = await row(p.userId);
    const started = await startPve(p, 300);
    expect(await row(p.userId)).toMatchObject({ coins: 0, energy: before.energy - 300 });
    await scheduler.advance(INTRO + BOT_SETUP);
    const completed = p.socket.next('battleCompleted');
    expect(await t.battles.voidBattle(started.battle_id, 'operator')).toBe(true);
    expect(await completed).toMatchObject({
      battle_id: started.battle_id,
      reason: 'void',
      coins_earned: 0,
      payout: 5_000,
      coins: 5_000,
      experience_earned: 0,
    });
    // A second void, and the room's own end, find nothing to do.
    expect(await t.battles.voidBattle(started.battle_id, 'operator')).toBe(false);
    expect(t.battles.room(started.battle_id)).toBeUndefined();
    await scheduler.advance(100_000);
    const after = await row(p.userId);
    expect(after.coins).toBe(5_000);
    expect(after.energy).toBe(before.energy);
    expect((await battleLedger(p.userId)).map((r) => `${r.reason} ${r.delta}`)).toEqual([
      'battle-stake -5000',
      'battle-void 5000',
    ]);
    const [battle] = await t.database.db.select().from(battles).where(eq(battles.id, started.battle_id));
    expect(battle).toMatchObject({ status: 'void', result: 'void' });
    expect(await ledgerMatches(t, p.userId)).toEqual({ coins: 5_000, ledger: 5_000 });
    // Free to fight again at once.
    const again = await startPve(p);
    expect(again.battle_id).not.toBe(started.battle_id);
    const done = p.socket.next('battleCompleted');
    p.socket.emit('forfeitBattle', { battle_id: again.battle_id });
    await done;
  });
});
