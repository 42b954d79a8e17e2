import { randomUUID } from 'node:crypto';
import type { FindMatchPayload } from '@titans/shared/battle/schemas';
import { SUPER_ATTACK_MULTIPLIER } from '@titans/shared/constants';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ManualScheduler } from '../src/core/clock.ts';
import { battles, ledger, userCharacters, userItems, users } from '../src/db/schema.ts';
import { acceptMatches } from './helpers/ready-check.ts';
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

describeEachDatabase('arena battles over socket.io', (kind) => {
  let t: TestApp;
  let scheduler: ManualScheduler;
  const sockets: TestSocket[] = [];
  let nextId = 41_000;

  beforeAll(async () => {
    scheduler = new ManualScheduler();
    let seed = 1000;
    t = await startTestApp(kind, { arena: { scheduler, seed: () => seed++ } });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => t?.close());

  /** A registered player with a hero, coins and a connected, announced socket. */
  async function player(coins = 10_000, items: string[] = []) {
    const telegramId = nextId++;
    const userId = await readyPlayer(t, telegramId);
    if (coins > 0) await grantCoins(t, userId, coins);
    for (const itemId of items) await own(userId, itemId);
    const socket = await open(telegramId);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    return { telegramId, userId, socket, characterId: row!.selectedCharacterId! };
  }
  /** Many ready players at once: rows written in one transaction (a grant with its ledger row), then sockets. */
  async function manyPlayers(count: number) {
    const hero = 'aldric-dawnblade';
    const created = Array.from({ length: count }, () => ({ telegramId: nextId++, userId: randomUUID() }));
    await t.database.db.transaction(async (tx) => {
      await tx.insert(users).values(
        created.map((p) => ({
          id: p.userId,
          telegramUserId: BigInt(p.telegramId),
          username: `player${p.telegramId}`,
          energy: 1000,
          coins: 10_000,
          referralCode: `R${p.telegramId}`,
          selectedCharacterId: hero,
        })),
      );
      await tx.insert(userCharacters).values(created.map((p) => ({ userId: p.userId, characterId: hero })));
      await tx.insert(ledger).values(
        created.map((p) => ({
          userId: p.userId,
          currency: 'coins',
          delta: 10_000,
          balanceAfter: 10_000,
          reason: 'test-grant',
          idempotencyKey: `bulk-grant:${p.userId}`,
        })),
      );
    });
    const players = [];
    for (let batch = 0; batch < count; batch += 25) {
      const sockets = await Promise.all(created.slice(batch, batch + 25).map((p) => open(p.telegramId)));
      players.push(
        ...sockets.map((socket, index) => ({ ...created[batch + index]!, socket, characterId: hero })),
      );
    }
    return players;
  }
  async function open(telegramId: number) {
    // Every player here accepts the ready check at once (F51): these tests are about the battle.
    const socket = acceptMatches(await connectSocket(t.url, t.initData(telegramId)));
    sockets.push(socket);
    const status = socket.next('statusUpdated');
    socket.emit('initUser', { telegram_user_id: String(telegramId) });
    await status;
    return socket;
  }
  async function own(userId: string, itemId: string) {
    await t.database.db.insert(userItems).values({ userId, itemId, uniqueKey: itemId });
  }
  function request(
    p: { telegramId: number; characterId: string },
    extra: Partial<FindMatchPayload> = {},
  ): FindMatchPayload {
    return {
      telegram_user_id: String(p.telegramId),
      battle_type: 'pve',
      difficulty: 'easy',
      energy_to_spend: 10,
      selected_character_id: p.characterId,
      equipped_items: [],
      ...extra,
    };
  }
  async function startPve(p: Awaited<ReturnType<typeof player>>, extra: Partial<FindMatchPayload> = {}) {
    const started = p.socket.next('battleStarted');
    p.socket.emit('findMatch', request(p, extra));
    return started;
  }
  function tap(
    socket: TestSocket,
    battleId: string,
    targetId?: number,
    event: 'battleAction' | 'pvpTap' = 'battleAction',
  ) {
    const payload =
      event === 'battleAction'
        ? {
            battle_id: battleId,
            action: { type: 'attack' as const },
            ...(targetId ? { target_id: targetId } : {}),
          }
        : { battle_id: battleId, ...(targetId ? { target_id: targetId } : {}) };
    return (socket.timeout(5000) as any).emitWithAck(event, payload) as Promise<{
      hit: boolean;
      reason?: string;
      damage?: number;
    }>;
  }
  function liveTarget(battleId: string, side: 0 | 1 = 0) {
    return t.battles.room(battleId)?.state.fighters[side].target?.id;
  }
  /** Taps the live target `perSecond` times a second until the battle ends or `ms` pass. */
  async function fight(
    battleId: string,
    tappers: Array<{ socket: TestSocket; side: 0 | 1 }>,
    ms: number,
    perSecond = 10,
  ) {
    const stepMs = Math.round(1000 / perSecond);
    for (let elapsed = 0; elapsed < ms; elapsed += stepMs) {
      await scheduler.advance(stepMs);
      const room = t.battles.room(battleId);
      if (!room || room.isOver) return;
      for (const { socket, side } of tappers) {
        const target = liveTarget(battleId, side);
        if (target) await tap(socket, battleId, target, room.isPvp ? 'pvpTap' : 'battleAction');
      }
    }
  }
  async function battleLedger(userId: string) {
    return t.database.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, userId), sql`${ledger.reason} like 'battle-%'`));
  }
  async function userRow(userId: string) {
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    return row!;
  }

  it('F20 F33 PvE victory against the seeded easy bot: stake taken at the start, stake + 5000 back once, XP, win recorded', async () => {
    const p = await player(10_000, ['trident-of-the-deep', 'ember-dagger']);
    const started = await startPve(p, { equipped_items: ['trident-of-the-deep', 'ember-dagger'] });
    expect(started).toMatchObject({ is_pvp: false, difficulty: 'easy', rejoined: false });
    // Sir Aldric's 73 (BAL1), the trident's 40 and the dagger's 5.
    expect(started.user_stats.power).toBe(73 + 40 + 5);
    expect(started.equipped_items.map((item) => item._id)).toEqual(['trident-of-the-deep', 'ember-dagger']);
    expect(started.opponent_info.name).toContain('Bot');
    expect(started.live.fight_starts_at - started.live.server_now).toBe(INTRO + BOT_SETUP);
    expect(started.energy).toBe(990);
    // F33: the stake is held from the start.
    expect((await userRow(p.userId)).coins).toBe(5_000);

    // Before FIGHT! nothing can be hit.
    expect(await tap(p.socket, started.battle_id)).toMatchObject({ hit: false, reason: 'not-started' });
    await scheduler.advance(INTRO + BOT_SETUP);
    const completed = p.socket.next('battleCompleted', undefined, 20_000);
    await fight(started.battle_id, [{ socket: p.socket, side: 0 }], 90_000);
    const result = await completed;
    expect(result).toMatchObject({
      result: 'victory',
      coins_earned: 5000,
      stake: 5000,
      payout: 10_000,
      coins: 15_000,
      experience_earned: 50,
      reason: 'knockout',
    });
    expect(p.socket.received.battleTurnProcessed?.length).toBeGreaterThan(10);

    const rows = await battleLedger(p.userId);
    expect(rows.map((row) => [row.reason, row.delta, row.idempotencyKey])).toEqual([
      ['battle-stake', -5000, `battle:${started.battle_id}:${p.userId}:stake`],
      ['battle-victory', 10_000, `battle:${started.battle_id}:${p.userId}`],
    ]);
    // Only the prize counts as earned: the stake was the player's own.
    expect((await userRow(p.userId)).totalCoinsEarned).toBe(10_000 + 5_000);
    expect(await ledgerMatches(t, p.userId)).toEqual({ coins: 15_000, ledger: 15_000 });
    expect((await userRow(p.userId)).wins).toBe(1);
    const [owned] = await t.database.db
      .select()
      .from(userCharacters)
      .where(and(eq(userCharacters.userId, p.userId), eq(userCharacters.characterId, p.characterId)));
    expect(owned).toMatchObject({ level: 1, experience: 50 });
    const [battle] = await t.database.db.select().from(battles).where(eq(battles.id, started.battle_id));
    expect(battle).toMatchObject({ status: 'finished', result: 'victory', winnerId: p.userId, mode: 'pve' });
  });

  it('F21 F33 PvE defeat against the hard bot: the stake is kept, whatever the player spent during the fight', async () => {
    const p = await player(9_000);
    const started = await startPve(p, { difficulty: 'hard' });
    // Coins spent elsewhere during the battle cannot lower what the defeat costs (it was the stake
    // dodge: a defeat charged min(5000, balance at the end)).
    await grantCoins(t, p.userId, -4_000);
    expect(await grantCoins(t, p.userId, -1).catch((error: Error) => error.message)).toBe(
      'grant failed: ledger/insufficient-funds',
    );
    const completed = p.socket.next('battleCompleted', undefined, 20_000);
    await scheduler.advanceInSteps(INTRO + BOT_SETUP + 100_000, 5_000);
    // An idle player earns no experience (F34).
    expect(await completed).toMatchObject({
      result: 'defeat',
      coins_earned: -5000,
      payout: 0,
      coins: 0,
      experience_earned: 0,
    });
    expect(p.socket.received.battleTurnProcessed?.at(-1)).toMatchObject({
      current_round: { result: 'knockout', opponent_action: 'attack' },
      user_stats: { current_health: 0 },
    });
    expect(await ledgerMatches(t, p.userId)).toEqual({ coins: 0, ledger: 0 });
    expect((await userRow(p.userId)).losses).toBe(1);
    void started;
  });

  it('F22 entry refusals: each violation has its own code and the spec message; nothing is spent', async () => {
    const refuse = async (socket: TestSocket, payload: FindMatchPayload) => {
      const error = socket.next('error');
      socket.emit('findMatch', payload);
      return error;
    };
    // No character selected.
    const bareId = nextId++;
    await t.call(bareId, 'POST', '/v1/user/register', { telegram_user_id: bareId });
    const bare = await open(bareId);
    expect(
      await refuse(bare, request({ telegramId: bareId, characterId: 'aldric-dawnblade' })),
    ).toMatchObject({ code: 'battle/no-character', message: 'Please select a character first' });

    const poor = await player(4_999);
    expect(await refuse(poor.socket, request(poor))).toMatchObject({
      code: 'battle/insufficient-coins',
      message: 'You need at least 5000 coins to enter a battle!',
    });
    const p = await player(10_000, [
      'ember-dagger',
      'knights-helm',
      'oak-buckler',
      'twinfang-sabers',
      'spark-tonic',
    ]);
    expect(await refuse(p.socket, request(p, { energy_to_spend: 1_001 }))).toMatchObject({
      code: 'battle/insufficient-energy',
    });
    expect(
      await refuse(
        p.socket,
        request(p, { equipped_items: ['ember-dagger', 'knights-helm', 'oak-buckler', 'twinfang-sabers'] }),
      ),
    ).toMatchObject({
      code: 'battle/too-many-items',
      message: 'You can only select up to 3 items for battle!',
    });
    expect(await refuse(p.socket, request(p, { equipped_items: ['arcane-wand'] }))).toMatchObject({
      code: 'battle/item-not-owned',
    });
    expect(
      await refuse(p.socket, request(p, { equipped_items: ['ember-dagger', 'ember-dagger'] })),
    ).toMatchObject({
      code: 'battle/item-not-owned',
    });
    expect(await refuse(p.socket, request(p, { equipped_items: ['spark-tonic'] }))).toMatchObject({
      code: 'battle/item-not-equippable',
    });
    expect(
      await refuse(p.socket, request(p, { selected_character_id: 'kong-the-thunderfist' })),
    ).toMatchObject({
      code: 'battle/character-not-owned',
    });
    expect(await refuse(p.socket, { ...request(p), energy_to_spend: 3_001 })).toMatchObject({
      code: 'request/invalid',
    });
    expect(await refuse(p.socket, { ...request(p), extra: 1 } as never)).toMatchObject({
      code: 'request/invalid',
    });
    expect(await refuse(p.socket, { ...request(p), telegram_user_id: '999999' })).toMatchObject({
      code: 'auth/forbidden',
    });
    expect((await userRow(p.userId)).energy).toBe(1000);
    expect(await battleLedger(p.userId)).toHaveLength(0);

    // One battle or queue per player, across sockets.
    const started = await startPve(p, { equipped_items: ['ember-dagger', 'knights-helm', 'oak-buckler'] });
    const second = await open(p.telegramId);
    const active = second.next('battleActive');
    const error = await refuse(second, request(p));
    expect(error.code).toBe('battle/already-in-battle');
    expect(error.message.toLowerCase()).toContain('already in a battle');
    expect(await active).toEqual({ battle_id: started.battle_id, in_queue: false });
    // The Already in Battle dialog's Forfeit Match ends it.
    const completed = p.socket.next('battleCompleted');
    second.emit('forfeitBattle', { battle_id: started.battle_id });
    expect(await completed).toMatchObject({ result: 'defeat', reason: 'forfeit', coins_earned: -5000 });
  });

  it('F23 taps on an expired target, before FIGHT! or above 20 per second do nothing', async () => {
    const p = await player();
    const started = await startPve(p);
    const id = started.battle_id;
    await scheduler.advance(INTRO + BOT_SETUP);
    const first = liveTarget(id)!;
    const room = t.battles.room(id)!;
    const health = () => room.state.fighters[1].health;
    const before = health();
    await scheduler.advance(5_000);
    expect(liveTarget(id)).toBeUndefined();
    expect(await tap(p.socket, id, first)).toMatchObject({ hit: false, reason: 'no-target' });
    expect(health()).toBe(before);
    await scheduler.advance(200);
    const second = liveTarget(id)!;
    expect(second).toBe(first + 1);
    expect(await tap(p.socket, id, first)).toMatchObject({ hit: false, reason: 'no-target' });
    // The clock stands still: 25 taps in the same instant, 20 land.
    const answers = await Promise.all(Array.from({ length: 25 }, () => tap(p.socket, id, second)));
    expect(answers.filter((a) => a.hit)).toHaveLength(20);
    expect(answers.filter((a) => !a.hit && a.reason === 'rate')).toHaveLength(5);
    expect(room.state.fighters[0].hits).toBe(20);
    await scheduler.advance(1_000);
    expect(await tap(p.socket, id, second)).toMatchObject({ hit: true });
    p.socket.emit('forfeitBattle', { battle_id: id });
    await p.socket.waitFor('battleCompleted');
  });

  it("F24 another player's battle id is refused; an unknown id is not found", async () => {
    const a = await player();
    const b = await player();
    const started = await startPve(a);
    const refused = b.socket.next('error');
    b.socket.emit('battleAction', { battle_id: started.battle_id, action: { type: 'attack' } });
    expect(await refused).toMatchObject({ code: 'battle/forbidden' });
    const forfeit = b.socket.next('error');
    b.socket.emit('forfeitBattle', { battle_id: started.battle_id });
    expect(await forfeit).toMatchObject({ code: 'battle/forbidden' });
    const rejoin = b.socket.next('error');
    b.socket.emit('rejoinBattle', { battle_id: started.battle_id });
    expect(await rejoin).toMatchObject({ code: 'battle/forbidden' });
    const unknown = b.socket.next('error');
    b.socket.emit('pvpTap', { battle_id: '00000000-0000-4000-8000-000000000000' });
    expect(await unknown).toMatchObject({ code: 'battle/not-found' });
    expect(t.battles.room(started.battle_id)!.isOver).toBe(false);
    a.socket.emit('forfeitBattle', { battle_id: started.battle_id });
    await a.socket.waitFor('battleCompleted');
  });

  it('F25 PvP between two clients to the end: each sees the other’s health drop; paid once each', async () => {
    const a = await player(10_000, ['trident-of-the-deep']);
    const b = await player(10_000);
    const queued = a.socket.next('matchmakingStarted');
    a.socket.emit(
      'findMatch',
      request(a, { battle_type: 'pvp', difficulty: undefined, equipped_items: ['trident-of-the-deep'] }),
    );
    expect(await queued).toMatchObject({ position: 1, message: 'Searching for any opponent' });
    const startedA = a.socket.next('battleStarted');
    const startedB = b.socket.next('battleStarted');
    b.socket.emit('findMatch', request(b, { battle_type: 'pvp', difficulty: undefined }));
    await b.socket.next('matchmakingStarted');
    // Their strength differs by more than 10 %: they are paired once the accepted gap has widened.
    expect(t.battles.isQueued(a.userId)).toBe(true);
    await scheduler.advance(1_000);
    const [sa, sb] = await Promise.all([startedA, startedB]);
    expect(sa.battle_id).toBe(sb.battle_id);
    expect(sa).toMatchObject({ is_pvp: true, opponent_info: { equipped_items: [] } });
    expect(sb.opponent_info.equipped_items.map((i) => i._id)).toEqual(['trident-of-the-deep']);
    expect(sa.live.fight_starts_at - sa.live.server_now).toBe(INTRO);
    const id = sa.battle_id;
    await scheduler.advance(INTRO);
    const sideA = t.battles.room(id)!.sideOf(a.userId)!;
    const sideB = (1 - sideA) as 0 | 1;
    // B taps once: A sees their own health drop.
    const seen = a.socket.next('pvpHealthUpdate');
    await tap(b.socket, id, liveTarget(id, sideB), 'pvpTap');
    const update = await seen;
    expect(update).toMatchObject({
      your_health: sa.user_stats.initial_health - update.hit.damage,
      hit: { by: 'opponent' },
    });
    // max(1, attack − defence), doubled when it was a super attack (BAL3).
    const plain = Math.max(1, sb.user_stats.power - sa.user_stats.defense);
    expect(update.hit.damage).toBe(update.hit.super_attack ? plain * SUPER_ATTACK_MULTIPLIER : plain);
    const resultA = a.socket.next('pvpBattleResult', undefined, 20_000);
    const resultB = b.socket.next('pvpBattleResult', undefined, 20_000);
    await fight(
      id,
      [
        { socket: a.socket, side: sideA },
        { socket: b.socket, side: sideB },
      ],
      90_000,
    );
    expect(await resultA).toMatchObject({ result: 'win', coins: 5000, opponent_hits: expect.any(Number) });
    expect(await resultB).toMatchObject({ result: 'lose', coins: -5000 });
    expect(b.socket.received.pvpHealthUpdate!.length).toBeGreaterThan(10);
    expect(await a.socket.waitFor('battleCompleted')).toMatchObject({ result: 'victory', is_pvp: true });
    expect(await ledgerMatches(t, a.userId)).toEqual({ coins: 15_000, ledger: 15_000 });
    expect(await ledgerMatches(t, b.userId)).toEqual({ coins: 5_000, ledger: 5_000 });
    // A: the stake, then stake + prize; B: the stake alone.
    expect((await battleLedger(a.userId)).map((row) => row.delta)).toEqual([-5000, 10_000]);
    expect((await battleLedger(b.userId)).map((row) => row.delta)).toEqual([-5000]);
  });

  it('F34 an idle PvP battle pays neither player: a draw returns both stakes, no prize, no experience', async () => {
    const { a, b, id } = await pvpPair();
    const resultA = a.socket.next('battleCompleted', undefined, 20_000);
    const resultB = b.socket.next('battleCompleted', undefined, 20_000);
    await scheduler.advanceInSteps(INTRO + 95_000, 5_000);
    for (const result of [await resultA, await resultB]) {
      expect(result).toMatchObject({
        battle_id: id,
        result: 'draw',
        reason: 'time',
        coins_earned: 0,
        payout: 5000,
        coins: 10_000,
        experience_earned: 0,
      });
    }
    for (const p of [a, b])
      expect(await ledgerMatches(t, p.userId)).toEqual({ coins: 10_000, ledger: 10_000 });
  });

  it('F34 a winner who did not play gets the stake back and no prize; the one who quit loses the stake', async () => {
    const { a, b, id } = await pvpPair();
    await scheduler.advance(INTRO);
    const result = a.socket.next('battleCompleted');
    b.socket.emit('forfeitBattle', { battle_id: id });
    expect(await result).toMatchObject({
      result: 'victory',
      coins_earned: 0,
      payout: 5000,
      experience_earned: 0,
    });
    expect(await ledgerMatches(t, a.userId)).toEqual({ coins: 10_000, ledger: 10_000 });
    expect(await ledgerMatches(t, b.userId)).toEqual({ coins: 5_000, ledger: 5_000 });
  });

  async function pvpPair() {
    const a = await player();
    const b = await player();
    const startedA = a.socket.next('battleStarted');
    const startedB = b.socket.next('battleStarted');
    a.socket.emit('findMatch', request(a, { battle_type: 'pvp', difficulty: undefined }));
    await a.socket.next('matchmakingStarted');
    b.socket.emit('findMatch', request(b, { battle_type: 'pvp', difficulty: undefined }));
    const [sa] = await Promise.all([startedA, startedB]);
    return { a, b, id: sa.battle_id };
  }

  it('F26 cancel leaves the queue at once', async () => {
    const a = await player();
    a.socket.emit('findMatch', request(a, { battle_type: 'pvp', difficulty: undefined }));
    await a.socket.next('matchmakingStarted');
    await scheduler.advance(2_000);
    expect(await a.socket.waitFor('matchmakingUpdate', (p) => p.elapsed_seconds >= 1)).toMatchObject({
      position: 1,
      queue_size: 1,
      message: 'Searching for any opponent',
      bot_offer: false,
    });
    const cancelled = a.socket.next('matchmakingCancelled');
    a.socket.emit('cancelMatchmaking', {});
    await cancelled;
    expect(t.battles.isQueued(a.userId)).toBe(false);
  });

  it('F37 after 30 s the queue offers a bot but starts none; the player who chooses it gets it', async () => {
    const a = await player();
    a.socket.emit('findMatch', request(a, { battle_type: 'pvp', difficulty: undefined }));
    await a.socket.next('matchmakingStarted');
    const offered = a.socket.next('matchmakingUpdate', (p) => p.bot_offer, 10_000);
    await scheduler.advanceInSteps(31_000, 1_000);
    expect(await offered).toMatchObject({ message: 'No opponent found', bot_offer: true });
    // Nobody chose a bot: the player is still searching, with no battle, a minute later.
    await scheduler.advanceInSteps(60_000, 1_000);
    expect(t.battles.isQueued(a.userId)).toBe(true);
    expect(t.battles.activeBattleOf(a.userId)).toBeNull();
    expect(a.socket.received.battleStarted ?? []).toHaveLength(0);
    // "Fight a bot instead": a pve findMatch from the queue swaps it for a bot battle.
    const started = await startPve(a, { difficulty: 'hard' });
    expect(started).toMatchObject({ is_pvp: false, difficulty: 'hard' });
    expect(t.battles.isQueued(a.userId)).toBe(false);
    a.socket.emit('forfeitBattle', { battle_id: started.battle_id });
    await a.socket.waitFor('battleCompleted');
  });

  it('F37 a player offered a bot who keeps searching is still paired with the next opponent', async () => {
    const a = await player();
    a.socket.emit('findMatch', request(a, { battle_type: 'pvp', difficulty: undefined }));
    await a.socket.next('matchmakingStarted');
    const offered = a.socket.next('matchmakingUpdate', (p) => p.bot_offer, 10_000);
    await scheduler.advanceInSteps(31_000, 1_000);
    await offered;
    const b = await player();
    const startedA = a.socket.next('battleStarted', undefined, 10_000);
    const startedB = b.socket.next('battleStarted', undefined, 10_000);
    b.socket.emit('findMatch', request(b, { battle_type: 'pvp', difficulty: undefined }));
    const [sa, sb] = await Promise.all([startedA, startedB]);
    expect(sa).toMatchObject({ is_pvp: true, battle_id: sb.battle_id });
    a.socket.emit('forfeitBattle', { battle_id: sa.battle_id });
    await Promise.all([a.socket.waitFor('battleCompleted'), b.socket.waitFor('battleCompleted')]);
  });

  it('F27 disconnect and rejoin within the grace period restores the battle; the opponent is told', async () => {
    const { a, b, id } = await pvpPair();
    await scheduler.advance(INTRO);
    const sideB = t.battles.room(id)!.sideOf(b.userId)!;
    await tap(b.socket, id, liveTarget(id, sideB), 'pvpTap');
    const waiting = a.socket.next('waitingForOpponent');
    b.socket.close();
    expect(await waiting).toMatchObject({ battle_id: id, waiting: true, message: 'Waiting for opponent...' });
    await scheduler.advance(10_000);
    const back = await connectSocket(t.url, t.initData(b.telegramId));
    sockets.push(back);
    const active = back.next('battleActive');
    back.emit('initUser', { telegram_user_id: String(b.telegramId) });
    expect(await active).toEqual({ battle_id: id, in_queue: false });
    const returned = a.socket.next('waitingForOpponent');
    const restored = back.next('battleStarted');
    back.emit('rejoinBattle', { battle_id: id });
    const state = await restored;
    expect(state).toMatchObject({ battle_id: id, rejoined: true, is_pvp: true, live: { your_taps: 1 } });
    expect(state.live.target).not.toBeNull();
    expect(await returned).toMatchObject({ waiting: false });
    await scheduler.advance(20_000);
    expect(t.battles.room(id)!.isOver).toBe(false);
    a.socket.emit('forfeitBattle', { battle_id: id });
    expect(await back.waitFor('pvpBattleResult')).toMatchObject({ result: 'win' });
  });

  it('F28 a disconnect past the grace period auto-resolves the battle for the one who stayed', async () => {
    const { a, b, id } = await pvpPair();
    await scheduler.advance(INTRO);
    // A plays (F34: a side that lands too few hits earns no prize).
    const sideA = t.battles.room(id)!.sideOf(a.userId)!;
    for (let hit = 0; hit < 5; hit++) await tap(a.socket, id, liveTarget(id, sideA), 'pvpTap');
    b.socket.close();
    await a.socket.next('waitingForOpponent');
    const resolved = a.socket.next('battleAutoResolve');
    const result = a.socket.next('battleCompleted');
    await scheduler.advance(15_000);
    expect(await resolved).toMatchObject({ battle_id: id, message: 'Your opponent left the battle' });
    expect(await result).toMatchObject({ result: 'victory', reason: 'abandon', coins_earned: 5000 });
    expect(await ledgerMatches(t, b.userId)).toEqual({ coins: 5_000, ledger: 5_000 });
    expect((await userRow(b.userId)).losses).toBe(1);
  });

  it('F29 100 PvP pairs matched concurrently all pay exactly once; ledger = balance for everyone', async () => {
    const players = await manyPlayers(200);
    const started = players.map((p) => p.socket.next('battleStarted', undefined, 30_000));
    for (const p of players)
      p.socket.emit('findMatch', request(p, { battle_type: 'pvp', difficulty: undefined }));
    const payloads = await Promise.all(started);
    const ids = new Set(payloads.map((p) => p.battle_id));
    expect(ids.size).toBe(100);
    const results = players.map((p) => p.socket.next('battleCompleted', undefined, 30_000));
    await scheduler.advance(INTRO);
    // Half the battles end by forfeit now, the rest at the time limit (draws), all at once.
    const forfeited = [...ids].slice(0, 50).flatMap((id, index) => {
      const room = t.battles.room(id)!;
      const loser = players.find((p) => p.userId === room.contenders[index % 2]!.userId)!;
      loser.socket.emit('forfeitBattle', { battle_id: id });
      return room.humans().map((userId) => results[players.findIndex((p) => p.userId === userId)]);
    });
    // The forfeits travel over the sockets: the clock moves on only once they ended their battles.
    await Promise.all(forfeited);
    await scheduler.advance(90_000);
    const outcomes = await Promise.all(results);
    expect(outcomes.filter((o) => o.result === 'victory')).toHaveLength(50);
    expect(outcomes.filter((o) => o.result === 'defeat')).toHaveLength(50);
    expect(outcomes.filter((o) => o.result === 'draw')).toHaveLength(100);
    let total = 0;
    for (const [index, p] of players.entries()) {
      const rows = await battleLedger(p.userId);
      // The stake, then its return (a win or draw without play returns the stake alone).
      expect(rows).toHaveLength(outcomes[index]!.result === 'defeat' ? 1 : 2);
      const balance = await ledgerMatches(t, p.userId);
      expect(balance.coins).toBe(balance.ledger);
      total += balance.coins;
    }
    // Nobody played: no coin was created or lost across the 100 battles (F36).
    expect(total).toBe(players.length * 10_000 - 50 * 5_000);
    const [finished] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from battles where id = any($1::uuid[]) and status = 'finished'`,
      [[...ids]],
    );
    expect(finished!.n).toBe(100);
    expect(t.battles.roomCount()).toBe(0);
  }, 180_000);
});
