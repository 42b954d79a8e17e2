import type { Outcome } from '@titans/shared/battle/battle-rules';
import { createBattle } from '@titans/shared/battle/battle-rules';
import { energyEffect } from '@titans/shared/battle/energy-effect';
import type { BattleEventPayload, FindMatchPayload } from '@titans/shared/battle/schemas';
import { effectiveStats, experienceToNextLevel } from '@titans/shared/battle/stats';
import { BATTLE_TIME_LIMIT_MS } from '@titans/shared/constants';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BattleRoom, type Contender } from '../src/battle/battle-room.ts';
import { resultMessages } from '../src/battle/battle-view.ts';
import { ManualScheduler } from '../src/core/clock.ts';
import { characters, items, userCharacters, userItems, users } from '../src/db/schema.ts';
import { connectSocket, type TestSocket } from './helpers/socket-client.ts';
import {
  describeEachDatabase,
  grantCoins,
  readyPlayer,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';

const INTRO = 10_800;
const BOT_SETUP = 2_000;

type IntroSkip = Extract<BattleEventPayload, { type: 'introSkip' }>;

describeEachDatabase('Skip, the API hero level and effective stats over socket.io', (kind) => {
  let t: TestApp;
  let scheduler: ManualScheduler;
  const sockets: TestSocket[] = [];
  let nextId = 47_300;

  beforeAll(async () => {
    scheduler = new ManualScheduler();
    let seed = 4700;
    t = await startTestApp(kind, { arena: { scheduler, seed: () => seed++ } });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => t?.close());

  async function player(itemIds: string[] = []) {
    const telegramId = nextId++;
    const userId = await readyPlayer(t, telegramId);
    await grantCoins(t, userId, 10_000);
    for (const itemId of itemIds)
      await t.database.db.insert(userItems).values({ userId, itemId, uniqueKey: itemId });
    const socket = await connectSocket(t.url, t.initData(telegramId));
    sockets.push(socket);
    const status = socket.next('statusUpdated');
    socket.emit('initUser', { telegram_user_id: String(telegramId) });
    await status;
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    return { telegramId, userId, socket, characterId: row!.selectedCharacterId! };
  }
  type Player = Awaited<ReturnType<typeof player>>;
  function request(p: Player, extra: Partial<FindMatchPayload> = {}): FindMatchPayload {
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
  async function startPve(p: Player, extra: Partial<FindMatchPayload> = {}) {
    const started = p.socket.next('battleStarted');
    p.socket.emit('findMatch', request(p, extra));
    return started;
  }
  function tap(p: Player, battleId: string, targetId?: number) {
    const payload = {
      battle_id: battleId,
      action: { type: 'attack' as const },
      ...(targetId ? { target_id: targetId } : {}),
    };
    return (p.socket.timeout(5000) as any).emitWithAck('battleAction', payload) as Promise<{
      hit: boolean;
      reason?: string;
    }>;
  }
  function nextIntroSkip(p: Player) {
    return p.socket.next(
      'battleEvent',
      (event: BattleEventPayload) => event.type === 'introSkip',
    ) as Promise<IntroSkip>;
  }

  it('F62 Skip in a bot battle starts the fight at once: taps before it are ignored, the target, the bot and the clock start from it', async () => {
    const p = await player();
    const started = await startPve(p);
    const id = started.battle_id;
    await scheduler.advance(BOT_SETUP + 1_000);
    expect(await tap(p, id)).toMatchObject({ hit: false, reason: 'not-started' });

    const skippedAt = scheduler.now();
    const skip = nextIntroSkip(p);
    const spawned = p.socket.next(
      'battleEvent',
      (event: BattleEventPayload) => event.type === 'targetSpawned',
    );
    p.socket.emit('skipIntro', { battle_id: id });
    expect(await skip).toEqual({
      battle_id: id,
      type: 'introSkip',
      you: true,
      opponent: true,
      fight_starts_at: skippedAt,
      ends_at: skippedAt + BATTLE_TIME_LIMIT_MS,
    });
    // The first target is there at once, nearly 10 s before the intro's FIGHT! would have been.
    const target = await spawned;
    expect(target.type === 'targetSpawned' && target.target.spawned_at).toBe(skippedAt);
    const room = t.battles.room(id)!;
    expect(room.state.fightStartsAt).toBe(skippedAt);
    expect(room.state.fighters[1].nextAttackAt).toBe(skippedAt + room.state.fighters[1].attackIntervalMs!);
    const health = room.state.fighters[1].health;
    expect(await tap(p, id, room.state.fighters[0].target!.id)).toMatchObject({ hit: true });
    expect(room.state.fighters[1].health).toBeLessThan(health);

    // The bot attacks from the new start, not from the old one.
    await scheduler.advance(room.state.fighters[1].attackIntervalMs!);
    expect(room.state.fighters[1].hits).toBe(1);
    // The rejoin payload carries the moved times.
    const rejoined = p.socket.next('battleStarted');
    p.socket.emit('rejoinBattle', { battle_id: id });
    expect((await rejoined).live).toMatchObject({
      fight_starts_at: skippedAt,
      ends_at: skippedAt + BATTLE_TIME_LIMIT_MS,
    });
    const completed = p.socket.next('battleCompleted');
    p.socket.emit('forfeitBattle', { battle_id: id });
    await completed;
  });

  it('F62 a skip after FIGHT! or a second skip changes nothing; a stranger may not skip', async () => {
    const p = await player();
    const stranger = await player();
    const started = await startPve(p);
    const id = started.battle_id;
    const error = stranger.socket.next('error');
    stranger.socket.emit('skipIntro', { battle_id: id });
    expect(await error).toMatchObject({ code: 'battle/forbidden' });
    const room = t.battles.room(id)!;
    expect(room.state.fightStartsAt).toBe(started.live.fight_starts_at);

    await scheduler.advance(INTRO + BOT_SETUP + 500);
    p.socket.emit('skipIntro', { battle_id: id });
    // The socket answers in order: a rejoin sent after the skip sees the battle as it was.
    const rejoined = p.socket.next('battleStarted');
    p.socket.emit('rejoinBattle', { battle_id: id });
    expect((await rejoined).live).toMatchObject({
      fight_starts_at: started.live.fight_starts_at,
      ends_at: started.live.ends_at,
    });
    expect(
      (p.socket.received.battleEvent as BattleEventPayload[] | undefined)?.some(
        (event) => event.type === 'introSkip',
      ) ?? false,
    ).toBe(false);
    const completed = p.socket.next('battleCompleted');
    p.socket.emit('forfeitBattle', { battle_id: id });
    await completed;
  });

  it('F60 the battle fights with effectiveStats of the hero, its level, its items and its boosters; F61 GET /user shows the hero level and experience after a won battle', async () => {
    const p = await player(['trident-of-the-deep', 'ember-dagger']);
    // One battle short of level 2: a victory's 50 XP takes the hero over.
    const need = experienceToNextLevel(1);
    await t.database.db
      .update(userCharacters)
      .set({ experience: need - 10 })
      .where(and(eq(userCharacters.userId, p.userId), eq(userCharacters.characterId, p.characterId)));
    const [hero] = await t.database.db.select().from(characters).where(eq(characters.id, p.characterId));
    const catalogue = {
      health: hero!.health,
      attack: hero!.power,
      defense: hero!.defense,
      speed: hero!.speed,
    };
    const owned = await t.database.db.select().from(items).where(eq(items.id, 'trident-of-the-deep'));
    const dagger = await t.database.db.select().from(items).where(eq(items.id, 'ember-dagger'));
    const effects = [owned[0]!.effects, dagger[0]!.effects] as Array<Record<string, number>>;

    const before = await t.call(p.telegramId, 'GET', `/v1/user/${p.telegramId}`);
    expect(before.body.data).toMatchObject({
      level: 1,
      avatar_stats: {
        health: catalogue.health,
        power: catalogue.attack,
        experience: need - 10,
        experience_needed: need,
      },
    });

    const started = await startPve(p, {
      equipped_items: ['trident-of-the-deep', 'ember-dagger'],
      energy_to_spend: 500,
    });
    const expected = effectiveStats(catalogue, 1, effects, {}, 500);
    expect(started.energy_health).toBe(energyEffect(500).bonusHealth);
    expect(started.user_stats).toMatchObject({
      initial_health: expected.health,
      power: expected.attack,
      defense: expected.defense,
      speed: expected.speed,
    });
    const skip = nextIntroSkip(p);
    p.socket.emit('skipIntro', { battle_id: started.battle_id });
    await skip;
    const completed = p.socket.next('battleCompleted', undefined, 20_000);
    for (let step = 0; step < 900 && !t.battles.room(started.battle_id)?.isOver; step++) {
      await scheduler.advance(100);
      const target = t.battles.room(started.battle_id)?.state.fighters[0].target?.id;
      if (target) await tap(p, started.battle_id, target);
    }
    expect(await completed).toMatchObject({ result: 'victory', level: 2, level_up: true });

    const after = await t.call(p.telegramId, 'GET', `/v1/user/${p.telegramId}`);
    const atTwo = effectiveStats(catalogue, 2);
    expect(after.body.data).toMatchObject({
      level: 2,
      avatar_stats: {
        health: atTwo.health,
        power: atTwo.attack,
        defense: atTwo.defense,
        speed: atTwo.speed,
        experience: need - 10 + 50 - need,
        experience_needed: experienceToNextLevel(2),
      },
    });
    const avatar = after.body.data.avatars.find(
      (a: { character_id: string }) => a.character_id === p.characterId,
    );
    expect(avatar).toMatchObject({ level: 2, experience: 40 });
  });
});

describe('Skip in PvP, at the room (F63)', () => {
  const fighter = { name: 'x', level: 1, health: 4000, attack: 70, defense: 60, speed: 60 };
  const contender = (userId: string): Contender => ({
    userId,
    name: userId,
    level: 1,
    character: { _id: 'aldric-dawnblade', name: 'Aldric', image: '' },
    equippedItems: [],
    boosters: [],
    energy: 0,
    maxEnergy: 0,
  });
  function pvpRoom(onEnded: (room: BattleRoom, outcome: Outcome) => void = () => undefined) {
    const scheduler = new ManualScheduler();
    const now = scheduler.now();
    const { state } = createBattle({
      seed: 47,
      createdAt: now,
      fightStartsAt: now + INTRO,
      timeLimitMs: BATTLE_TIME_LIMIT_MS,
      player: fighter,
      opponent: { kind: 'player', fighter },
    });
    const sent: Array<{ to: string; event: string; payload: any }> = [];
    const room = new BattleRoom({
      id: '00000000-0000-4000-8000-000000000047',
      isPvp: true,
      difficulty: null,
      state,
      contenders: [contender('alice'), contender('bob')],
      scheduler,
      rejoinGraceMs: 15_000,
      hooks: {
        send: (to, event, payload) => void sent.push({ to, event, payload }),
        onEnded,
      },
    });
    room.start();
    return { room, scheduler, sent, fightAt: now + INTRO };
  }
  const skips = (sent: Array<{ to: string; event: string; payload: any }>, to: string) =>
    sent
      .filter((m) => m.to === to && m.event === 'battleEvent' && m.payload.type === 'introSkip')
      .map((m) => m.payload);

  it('F63 one skip moves nothing and both hear who skipped; the second skip starts the fight for both', async () => {
    const { room, scheduler, sent, fightAt } = pvpRoom();
    await scheduler.advance(2_000);
    room.skipIntro('alice');
    expect(room.state.fightStartsAt).toBe(fightAt);
    expect(skips(sent, 'alice').at(-1)).toMatchObject({
      you: true,
      opponent: false,
      fight_starts_at: fightAt,
    });
    expect(skips(sent, 'bob').at(-1)).toMatchObject({ you: false, opponent: true, fight_starts_at: fightAt });
    // A tap before both skipped is ignored, as before FIGHT!.
    expect(room.tap('alice', undefined)).toEqual({ hit: false, reason: 'not-started' });

    await scheduler.advance(1_500);
    const at = scheduler.now();
    room.skipIntro('bob');
    expect(room.state.fightStartsAt).toBe(at);
    expect(room.state.endsAt).toBe(at + BATTLE_TIME_LIMIT_MS);
    expect(skips(sent, 'alice').at(-1)).toMatchObject({ you: true, opponent: true, fight_starts_at: at });
    expect(skips(sent, 'bob').at(-1)).toMatchObject({ you: true, opponent: true, fight_starts_at: at });
    // Both players' first targets come at once.
    expect(room.state.fighters[0].target?.spawnedAt).toBe(at);
    expect(room.state.fighters[1].target?.spawnedAt).toBe(at);
    expect(room.tap('alice', room.state.fighters[0].target!.id)).toMatchObject({ hit: true });
    room.dispose();
  });

  it('F63 a player who skips alone still fights at the intro end', async () => {
    const { room, scheduler, fightAt } = pvpRoom();
    room.skipIntro('bob');
    await scheduler.advance(INTRO - 1);
    expect(room.state.fighters[0].target).toBeNull();
    await scheduler.advance(1);
    expect(room.state.fighters[0].target?.spawnedAt).toBe(fightAt);
    room.skipIntro('alice');
    expect(room.state.fightStartsAt).toBe(fightAt);
    room.dispose();
  });

  it("F64 a battle decided at the time limit tells each player both sides' health at the end", async () => {
    let ended: { room: BattleRoom; outcome: Outcome } | null = null;
    const { room, scheduler } = pvpRoom((r, outcome) => {
      ended = { room: r, outcome };
    });
    room.skipIntro('alice');
    room.skipIntro('bob');
    for (let hits = 0; hits < 5; ) {
      const target = room.state.fighters[0].target;
      if (target && room.tap('alice', target.id).hit) hits++;
      await scheduler.advance(250);
    }
    await scheduler.advance(BATTLE_TIME_LIMIT_MS);
    expect(ended).not.toBeNull();
    const { outcome } = ended!;
    expect(outcome).toMatchObject({ reason: 'time', winner: 0 });
    const settled = {
      stake: 5_000,
      credit: 10_000,
      net: 5_000,
      coins: 0,
      experience: 50,
      level: 1,
      levelUp: false,
    };
    const alice = resultMessages(room, outcome, { ...settled, userId: 'alice', result: 'victory' }).completed;
    const bob = resultMessages(room, outcome, { ...settled, userId: 'bob', result: 'defeat' }).completed;
    const [a, b] = room.state.fighters;
    expect(a.health).toBe(a.maxHealth);
    expect(b.health).toBeLessThan(b.maxHealth);
    expect(alice).toMatchObject({
      reason: 'time',
      final_health: {
        you: { health: a.health, max: a.maxHealth },
        opponent: { health: b.health, max: b.maxHealth },
      },
    });
    expect(bob.final_health).toEqual({
      you: alice.final_health!.opponent,
      opponent: alice.final_health!.you,
    });
  });
});
