import type { BattleStartedPayload, FindMatchPayload } from '@titans/shared/battle/schemas';
import { BOOSTER_DURATION_MS, SUPER_ATTACK_MULTIPLIER } from '@titans/shared/constants';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ManualScheduler } from '../src/core/clock.ts';
import { battles, users } from '../src/db/schema.ts';
import { acceptMatches } from './helpers/ready-check.ts';
import { connectSocket, type TestSocket } from './helpers/socket-client.ts';
import {
  describeEachDatabase,
  grantCoins,
  manualClock,
  readyPlayer,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';

const INTRO = 10_800;
const BOT_SETUP = 2_000;
/** The free hero a new player starts with (Sir Aldric Dawnblade, catalogue/characters.json; BAL1). */
const STARTER = { attack: 73, defense: 65 };

/*
 * F31, F32 (decisions D-BATTLE-12): Emporium boosters bought through the real purchase route are
 * counted in the battle's stats when it starts, on the app's clock, and never after.
 */
describeEachDatabase('arena boosters', (kind) => {
  let t: TestApp;
  let scheduler: ManualScheduler;
  // The app clock decides which boosters run (their windows are written with it).
  const clock = manualClock(Date.UTC(2026, 2, 10, 12, 0, 0));
  const sockets: TestSocket[] = [];
  let nextId = 46_000;

  beforeAll(async () => {
    scheduler = new ManualScheduler();
    // One seed for every battle: the same bot, the same targets, so two battles compare exactly.
    t = await startTestApp(kind, { clock, arena: { scheduler, seed: () => 4242 } });
  }, 240_000);
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => t?.close());

  type Player = { telegramId: number; userId: string; socket: TestSocket; characterId: string };

  async function player(boosters: string[] = []): Promise<Player> {
    const telegramId = nextId++;
    const userId = await readyPlayer(t, telegramId);
    await grantCoins(t, userId, 50_000);
    for (const itemId of boosters) {
      const bought = await t.call(telegramId, 'POST', `/v1/purchase/item/${itemId}`, {
        user_id: String(telegramId),
      });
      expect(bought.status, itemId).toBe(200);
    }
    // Accepts the PvP ready check at once (F51): this file is about the battle's stats.
    const socket = acceptMatches(await connectSocket(t.url, t.initData(telegramId)));
    sockets.push(socket);
    const status = socket.next('statusUpdated');
    socket.emit('initUser', { telegram_user_id: String(telegramId) });
    await status;
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    return { telegramId, userId, socket, characterId: row!.selectedCharacterId! };
  }

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

  async function start(p: Player, extra: Partial<FindMatchPayload> = {}): Promise<BattleStartedPayload> {
    const started = p.socket.next('battleStarted');
    p.socket.emit('findMatch', request(p, extra));
    return started;
  }

  /** Taps the player's live target once; answers the damage it dealt, less a super attack's doubling (BAL3). */
  async function tapOnce(p: Player, battleId: string, side: 0 | 1 = 0, event = 'battleAction') {
    const room = t.battles.room(battleId)!;
    const target = room.state.fighters[side].target!.id;
    const supersBefore = room.state.fighters[side].superAttacks;
    const payload =
      event === 'battleAction'
        ? { battle_id: battleId, action: { type: 'attack' as const }, target_id: target }
        : { battle_id: battleId, target_id: target };
    const ack = (await (p.socket.timeout(5000) as any).emitWithAck(event, payload)) as {
      hit: boolean;
      damage?: number;
    };
    expect(ack.hit).toBe(true);
    const superAttack = room.state.fighters[side].superAttacks > supersBefore;
    return superAttack ? ack.damage! / SUPER_ATTACK_MULTIPLIER : ack.damage!;
  }

  async function forfeit(p: Player, battleId: string) {
    const completed = p.socket.next('battleCompleted', undefined, 20_000);
    p.socket.emit('forfeitBattle', { battle_id: battleId });
    await completed;
  }

  /** A bot battle to FIGHT!, one tap: what the player's first tap did. */
  async function firstTap(p: Player) {
    const started = await start(p);
    await scheduler.advance(INTRO + BOT_SETUP);
    const damage = await tapOnce(p, started.battle_id);
    await forfeit(p, started.battle_id);
    return { started, damage };
  }

  it('F31 a player with an active power booster deals more damage per tap than without; the bot gets nothing', async () => {
    const plain = await firstTap(await player());
    const boosted = await firstTap(await player(['berserker-brew']));

    expect(plain.started.user_stats.power).toBe(STARTER.attack);
    expect(boosted.started.user_stats.power).toBe(STARTER.attack + 5);
    expect(boosted.started.boosters).toEqual([
      expect.objectContaining({
        item_id: 'berserker-brew',
        name: 'Berserker Brew',
        effects: { power_boost: 5 },
      }),
    ]);
    expect(plain.started.boosters).toEqual([]);
    // Same seed, same bot: boosters never reach the bot's side.
    expect(boosted.started.opponent_stats).toEqual(plain.started.opponent_stats);
    const botDefense = plain.started.opponent_stats.defense;
    expect(plain.damage).toBe(Math.max(1, STARTER.attack - botDefense));
    expect(boosted.damage).toBe(Math.max(1, STARTER.attack + 5 - botDefense));
    expect(boosted.damage).toBeGreaterThan(plain.damage);
  });

  it('F31 a defense booster reduces the damage taken from each bot attack', async () => {
    async function hitsTaken(p: Player) {
      const started = await start(p, { difficulty: 'hard' });
      await scheduler.advance(INTRO + BOT_SETUP + 2_000);
      const bot = t.battles.room(started.battle_id)!.state.fighters[1];
      expect(bot.hits).toBeGreaterThan(0);
      // A super attack (BAL3) counts twice: its damage is two plain hits'.
      const perHit = bot.damage / (bot.hits + bot.superAttacks);
      await forfeit(p, started.battle_id);
      return { started, perHit };
    }
    const plain = await hitsTaken(await player());
    const guarded = await hitsTaken(await player(['stoneskin-charm']));
    expect(guarded.started.user_stats.defense).toBe(plain.started.user_stats.defense + 5);
    const botAttack = plain.started.opponent_stats.power;
    expect(plain.perHit).toBe(Math.max(1, botAttack - plain.started.user_stats.defense));
    expect(guarded.perHit).toBe(Math.max(1, botAttack - guarded.started.user_stats.defense));
    expect(guarded.perHit).toBe(plain.perHit - 5);
  });

  it('F31 an energy booster raises the battle health, 1 per point; it is recorded on the battle row', async () => {
    const p = await player(['spark-tonic', 'berserker-brew']);
    const started = await start(p);
    expect(started.user_stats).toMatchObject({
      initial_health: 4100,
      current_health: 4100,
      power: STARTER.attack + 5,
    });
    const [row] = await t.database.db.select().from(battles).where(eq(battles.id, started.battle_id));
    expect(row!.stats).toMatchObject({ boosts: [{ energy_boost: 100, power_boost: 5, defense_boost: 0 }] });
    await scheduler.advance(INTRO + BOT_SETUP);
    await forfeit(p, started.battle_id);
  });

  it('F32 an expired booster (past its 30 minutes) has no effect', async () => {
    const plain = await firstTap(await player());
    const p = await player(['berserker-brew', 'spark-tonic']);
    clock.advance(BOOSTER_DURATION_MS + 1);
    const expired = await firstTap(p);
    expect({ ...expired.started.user_stats, name: '' }).toEqual({ ...plain.started.user_stats, name: '' });
    expect(expired.started.boosters).toEqual([]);
    expect(expired.damage).toBe(plain.damage);
  });

  it('F32 boosters are a snapshot at battle start: one ending mid-battle changes nothing', async () => {
    const p = await player(['berserker-brew', 'spark-tonic']);
    const started = await start(p);
    expect(started.user_stats).toMatchObject({ power: STARTER.attack + 5, initial_health: 4100 });
    // The boosters end while the battle runs (intro included).
    clock.advance(BOOSTER_DURATION_MS + 1);
    expect(await t.marketplace.activeBoosts(p.userId, clock())).toMatchObject({ power_boost: 0, boosts: [] });
    await scheduler.advance(INTRO + BOT_SETUP);
    const damage = await tapOnce(p, started.battle_id);
    expect(damage).toBe(Math.max(1, STARTER.attack + 5 - started.opponent_stats.defense));
    const room = t.battles.room(started.battle_id)!;
    expect(room.state.fighters[0]).toMatchObject({ attack: STARTER.attack + 5, maxHealth: 4100 });
    // A rejoining client is sent the same stats and boosters as at the start.
    const rejoined = room.startedPayload(p.userId, true);
    expect(rejoined.user_stats.power).toBe(STARTER.attack + 5);
    expect(rejoined.boosters.map((b) => b.item_id).sort()).toEqual(['berserker-brew', 'spark-tonic']);
    await forfeit(p, started.battle_id);
  });

  it('F31 PvP: each player fights with their own boosters, and the opponent sees the boosted stats', async () => {
    const a = await player(['berserker-brew']);
    const b = await player();
    const startedA = a.socket.next('battleStarted');
    const startedB = b.socket.next('battleStarted');
    a.socket.emit('findMatch', request(a, { battle_type: 'pvp', difficulty: undefined }));
    b.socket.emit('findMatch', request(b, { battle_type: 'pvp', difficulty: undefined }));
    const [sa, sb] = await Promise.all([startedA, startedB]);
    expect(sa.battle_id).toBe(sb.battle_id);
    expect(sa.user_stats.power).toBe(STARTER.attack + 5);
    expect(sa.boosters.map((boost) => boost.item_id)).toEqual(['berserker-brew']);
    expect(sb.user_stats.power).toBe(STARTER.attack);
    expect(sb.opponent_stats.power).toBe(STARTER.attack + 5);
    expect(sb.boosters).toEqual([]);

    await scheduler.advance(INTRO);
    const side = t.battles.room(sa.battle_id)!.sideOf(a.userId)!;
    const damage = await tapOnce(a, sa.battle_id, side, 'pvpTap');
    expect(damage).toBe(STARTER.attack + 5 - STARTER.defense);
    await forfeit(a, sa.battle_id);
  });
});
