import type { FindMatchPayload } from '@titans/shared/battle/schemas';
import { PRACTICE_FIRST_WIN_REWARD } from '@titans/shared/constants';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { BattleRoom } from '../src/battle/battle-room.ts';
import { settleBattle } from '../src/battle/battle-settlement.ts';
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

/** A new player's practice fight (PF1–PF6): no stake, the training bot, a first-win reward paid once. */
describeEachDatabase('practice fight', (kind) => {
  let t: TestApp;
  let scheduler: ManualScheduler;
  const sockets: TestSocket[] = [];
  let nextId = 57_000;

  beforeAll(async () => {
    scheduler = new ManualScheduler();
    let seed = 500;
    t = await startTestApp(kind, {
      arena: { scheduler, seed: () => seed++ },
      clock: () => scheduler.now(),
      env: { DATABASE_POOL_SIZE: '20' },
    });
  }, 240_000);
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => t?.close());

  async function player() {
    const telegramId = nextId++;
    const userId = await readyPlayer(t, telegramId);
    const socket = await connectSocket(t.url, t.initData(telegramId));
    sockets.push(socket);
    const status = socket.next('statusUpdated');
    socket.emit('initUser', { telegram_user_id: String(telegramId) });
    await status;
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    return { telegramId, userId, socket, characterId: row?.selectedCharacterId ?? '' };
  }
  type Player = Awaited<ReturnType<typeof player>>;
  function request(p: Player, difficulty: FindMatchPayload['difficulty'] = 'practice'): FindMatchPayload {
    return {
      telegram_user_id: String(p.telegramId),
      battle_type: 'pve',
      difficulty,
      energy_to_spend: 10,
      selected_character_id: p.characterId,
      equipped_items: [],
    };
  }
  async function start(p: Player, difficulty: FindMatchPayload['difficulty'] = 'practice') {
    const started = p.socket.next('battleStarted');
    p.socket.emit('findMatch', request(p, difficulty));
    return started;
  }
  function tap(p: Player, battleId: string, targetId: number) {
    return (p.socket.timeout(5000) as any).emitWithAck('battleAction', {
      battle_id: battleId,
      action: { type: 'attack' },
      target_id: targetId,
    });
  }
  /** Taps the live target 4 times a second until the battle ends, or `hits` taps landed. */
  async function fight(p: Player, battleId: string, hits = Number.POSITIVE_INFINITY) {
    let landed = 0;
    for (let step = 0; step < 1_000 && landed < hits; step++) {
      await scheduler.advance(250);
      const room = t.battles.room(battleId);
      if (!room || room.isOver) return;
      const target = room.state.fighters[0].target?.id;
      if (target && (await tap(p, battleId, target)).hit) landed++;
    }
  }
  async function row(userId: string) {
    const [found] = await t.database.db.select().from(users).where(eq(users.id, userId));
    if (!found) throw new Error(`no user ${userId}`);
    return found;
  }
  const coinLedger = (userId: string) =>
    t.database.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, userId), eq(ledger.currency, 'coins')));
  const rewards = (userId: string) =>
    t.database.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, userId), eq(ledger.reason, 'practice-first-win')));
  async function me(p: Player) {
    const answer = await t.call(p.telegramId, 'GET', `/v1/user/${p.telegramId}`);
    return (answer.body as { data: { practice_fight: boolean } }).data;
  }

  it('PF1 PF2 a new account with 0 coins starts its practice fight against the training bot: no stake, no coins needed', async () => {
    const p = await player();
    expect((await row(p.userId)).coins).toBe(0);
    expect((await me(p)).practice_fight).toBe(true);
    const started = await start(p);
    expect(started).toMatchObject({ difficulty: 'practice', is_pvp: false });
    expect(started.opponent_info.name).toBe('Dummy the Training Bot');
    const [battle] = await t.database.db.select().from(battles).where(eq(battles.id, started.battle_id));
    expect(battle?.difficulty).toBe('practice');
    expect(battle?.entry).toEqual([{ userId: p.userId, stake: 0, energy: 10 }]);
    expect(await coinLedger(p.userId)).toHaveLength(0);
    const completed = p.socket.next('battleCompleted');
    p.socket.emit('forfeitBattle', { battle_id: started.battle_id });
    // PF5: a lost practice costs nothing, pays nothing, gives no experience; it can be fought again.
    expect(await completed).toMatchObject({
      result: 'defeat',
      coins_earned: 0,
      experience_earned: 0,
      coins: 0,
    });
    expect((await completed).first_win_reward).toBeUndefined();
    expect(await coinLedger(p.userId)).toHaveLength(0);
    expect(await row(p.userId)).toMatchObject({ coins: 0, losses: 0, practiceWonAt: null });
    expect((await me(p)).practice_fight).toBe(true);
  }, 120_000);

  it('PF3 PF4 PF6 winning at 4 taps a second pays the first-win reward once; the next battle is a staked one and a second practice is refused', async () => {
    const p = await player();
    const started = await start(p);
    await scheduler.advance(BOT_SETUP + INTRO);
    const completed = p.socket.next('battleCompleted');
    await fight(p, started.battle_id);
    expect(await completed).toMatchObject({
      result: 'victory',
      reason: 'knockout',
      first_win_reward: PRACTICE_FIRST_WIN_REWARD,
      coins_earned: PRACTICE_FIRST_WIN_REWARD,
      coins: PRACTICE_FIRST_WIN_REWARD,
      stake: 0,
      experience_earned: 0,
    });
    expect((await rewards(p.userId)).map((r) => r.delta)).toEqual([PRACTICE_FIRST_WIN_REWARD]);
    expect(await ledgerMatches(t, p.userId)).toEqual({
      coins: PRACTICE_FIRST_WIN_REWARD,
      ledger: PRACTICE_FIRST_WIN_REWARD,
    });
    expect((await row(p.userId)).wins).toBe(0);
    expect((await me(p)).practice_fight).toBe(false);

    // A client asking for another practice is refused, and nothing is taken.
    const error = p.socket.next('error');
    p.socket.emit('findMatch', request(p));
    expect(await error).toMatchObject({ code: 'battle/practice-done' });
    expect(await coinLedger(p.userId)).toHaveLength(1);

    // The next battle is a normal one: it needs the 5,000 and holds them as the stake.
    const short = p.socket.next('error');
    p.socket.emit('findMatch', request(p, 'easy'));
    expect(await short).toMatchObject({ code: 'battle/insufficient-coins' });
    await grantCoins(t, p.userId, 2_000);
    const staked = await start(p, 'easy');
    expect(staked.difficulty).toBe('easy');
    expect((await row(p.userId)).coins).toBe(0);
    const [battle] = await t.database.db.select().from(battles).where(eq(battles.id, staked.battle_id));
    expect(battle?.entry).toEqual([{ userId: p.userId, stake: 5_000, energy: 10 }]);
    const lost = p.socket.next('battleCompleted');
    p.socket.emit('forfeitBattle', { battle_id: staked.battle_id });
    await lost;
  }, 180_000);

  it('PF4 replayed and concurrent settlements of practice wins pay the reward once (ledger = balance)', async () => {
    const p = await player();
    const started = await start(p);
    await scheduler.advance(BOT_SETUP + INTRO);
    await fight(p, started.battle_id, 6);
    const room = t.battles.room(started.battle_id);
    if (!room) throw new Error('the practice room is gone');
    // Two more won practice battles of the same account, settled at the same moment.
    const copies = await Promise.all(
      [1, 2].map(async () => {
        const id = crypto.randomUUID();
        await t.database.db.execute(sql`
          insert into battles (id, mode, difficulty, player1_id, player1_character_id, status, stats, entry, started_at)
          select ${id}::uuid, mode, difficulty, player1_id, player1_character_id, 'active', stats, entry, started_at
          from battles where id = ${started.battle_id}::uuid`);
        return Object.assign(Object.create(Object.getPrototypeOf(room)) as BattleRoom, room, { id });
      }),
    );
    const won = { winner: 0 as const, reason: 'knockout' as const, at: scheduler.now() };
    const settled = await Promise.all(
      copies.map((copy) => t.gateway.changeMany([p.userId], (m) => settleBattle(m, copy, won))),
    );
    const credits = settled.map((s) => (s.ok ? s.value[0]?.credit : -1)).sort();
    expect(credits).toEqual([0, PRACTICE_FIRST_WIN_REWARD]);
    // A replay of a settled battle writes nothing.
    const replay = await t.gateway.changeMany([p.userId], (m) =>
      settleBattle(m, copies[0] as BattleRoom, won),
    );
    expect(replay).toMatchObject({ ok: false, code: 'battle/over' });
    // The real battle, won after, pays nothing more.
    const completed = p.socket.next('battleCompleted');
    await fight(p, started.battle_id);
    expect(await completed).toMatchObject({
      result: 'victory',
      coins_earned: 0,
      coins: PRACTICE_FIRST_WIN_REWARD,
    });
    expect((await completed).first_win_reward).toBeUndefined();
    expect(await rewards(p.userId)).toHaveLength(1);
    expect(await ledgerMatches(t, p.userId)).toEqual({
      coins: PRACTICE_FIRST_WIN_REWARD,
      ledger: PRACTICE_FIRST_WIN_REWARD,
    });
  }, 180_000);
});
