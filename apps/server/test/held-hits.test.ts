import { createBattle, type Side } from '@titans/shared/battle/battle-rules';
import type { BattleTurnProcessedPayload, PvpHealthUpdatePayload } from '@titans/shared/battle/schemas';
import { describe, expect, it } from 'vitest';
import { BattleRoom, type Contender } from '../src/battle/battle-room.ts';
import { HIT_HOLD_MS } from '../src/battle/held-hits.ts';
import { ManualScheduler } from '../src/core/clock.ts';

const FIGHTER = { name: 'x', level: 1, health: 400, attack: 12, defense: 2, speed: 5 };

function contender(userId: string): Contender {
  return {
    userId,
    name: userId,
    level: 1,
    character: { _id: 'hero', name: 'Hero', image: '' },
    equippedItems: [],
    boosters: [],
    energy: 100,
    maxEnergy: 100,
  };
}

/** A PvP room past FIGHT!, recording every pvpHealthUpdate each player receives. */
function pvpRoom() {
  const scheduler = new ManualScheduler();
  const now = scheduler.now();
  const { state } = createBattle({
    seed: 7,
    createdAt: now,
    fightStartsAt: now,
    timeLimitMs: 60_000,
    player: FIGHTER,
    opponent: { kind: 'player', fighter: FIGHTER },
  });
  const received: { a: PvpHealthUpdatePayload[]; b: PvpHealthUpdatePayload[] } = { a: [], b: [] };
  let ended = 0;
  const room = new BattleRoom({
    id: 'battle-1',
    isPvp: true,
    difficulty: null,
    state,
    contenders: [contender('a'), contender('b')],
    scheduler,
    rejoinGraceMs: 15_000,
    hooks: {
      send: (userId, event, payload) => {
        if (event === 'pvpHealthUpdate' && (userId === 'a' || userId === 'b'))
          received[userId].push(payload as PvpHealthUpdatePayload);
      },
      onEnded: () => {
        ended++;
      },
    },
  });
  room.start();
  const tap = (userId: 'a' | 'b') => {
    const side: Side = userId === 'a' ? 0 : 1;
    return room.tap(userId, room.state.fighters[side].target?.id);
  };
  const hitsSeen = (userId: 'a' | 'b') =>
    received[userId].flatMap((update) => [...(update.earlier_hits ?? []), update.hit]);
  return { scheduler, room, received, tap, hitsSeen, endedCount: () => ended };
}

describe('F39 the opponent’s hits ride in a tapping player’s own update', () => {
  it('a player who is not tapping sees each of the opponent’s hits at once', async () => {
    const t = pvpRoom();
    await t.scheduler.advance(300); // targets spawn
    expect(t.tap('b')).toMatchObject({ hit: true });
    expect(t.received.a).toHaveLength(1);
    expect(t.received.a[0]).toMatchObject({ hit: { by: 'opponent' }, your_health: 390 });
    expect(t.received.a[0]?.earlier_hits).toBeUndefined();
  });

  it('a tapping player gets the opponent’s hits inside their next own update, oldest first', async () => {
    const t = pvpRoom();
    await t.scheduler.advance(300);
    expect(t.tap('a')).toMatchObject({ hit: true });
    const before = t.received.a.length;
    await t.scheduler.advance(10);
    t.tap('b');
    await t.scheduler.advance(10);
    t.tap('b');
    expect(t.received.a).toHaveLength(before); // held: a is tapping
    await t.scheduler.advance(10);
    t.tap('a');
    const update = t.received.a.at(-1);
    expect(update?.hit.by).toBe('you');
    expect(update?.earlier_hits?.map((hit) => hit.by)).toEqual(['opponent', 'opponent']);
    expect(update?.your_health).toBe(380); // after both of b's hits
    expect(t.received.a).toHaveLength(before + 1); // one message, not three
  });

  it('a held hit goes on its own after HIT_HOLD_MS when no own tap comes', async () => {
    const t = pvpRoom();
    await t.scheduler.advance(300);
    t.tap('a');
    t.tap('b');
    const before = t.received.a.length;
    await t.scheduler.advance(HIT_HOLD_MS - 1);
    expect(t.received.a).toHaveLength(before);
    await t.scheduler.advance(1);
    expect(t.received.a).toHaveLength(before + 1);
    expect(t.received.a.at(-1)).toMatchObject({ hit: { by: 'opponent' }, your_health: 390 });
  });

  it('every hit reaches both players, in order, before the battle ends', async () => {
    const t = pvpRoom();
    await t.scheduler.advance(300);
    let taps = 0;
    while (!t.room.isOver && taps < 2_000) {
      t.tap('a');
      if (taps % 3 === 0) t.tap('b');
      taps++;
      await t.scheduler.advance(40);
    }
    expect(t.room.isOver).toBe(true);
    expect(t.endedCount()).toBe(1);
    const [a, b] = t.room.state.fighters;
    for (const [viewer, mine, theirs] of [
      ['a', a.hits, b.hits],
      ['b', b.hits, a.hits],
    ] as const) {
      const seen = t.hitsSeen(viewer);
      expect(seen.filter((hit) => hit.by === 'you')).toHaveLength(mine);
      expect(seen.filter((hit) => hit.by === 'opponent')).toHaveLength(theirs);
      expect(t.received[viewer].at(-1)?.your_health).toBe(viewer === 'a' ? a.health : b.health);
    }
    // Fewer messages than hits: the held ones rode along.
    expect(t.received.a.length).toBeLessThan(a.hits + b.hits);
  });
});

describe('F39 a bot battle: the bot’s attacks ride in a tapping player’s turn messages', () => {
  it('every bot attack reaches the player, fewer messages than hits, the last health exact', async () => {
    const scheduler = new ManualScheduler();
    const now = scheduler.now();
    const { state } = createBattle({
      seed: 11,
      createdAt: now,
      fightStartsAt: now,
      timeLimitMs: 60_000,
      player: { ...FIGHTER, health: 2_000 },
      opponent: { kind: 'bot', difficulty: 'easy' },
    });
    const turns: BattleTurnProcessedPayload[] = [];
    const room = new BattleRoom({
      id: 'battle-2',
      isPvp: false,
      difficulty: 'easy',
      state,
      contenders: [contender('a'), { ...contender('bot'), userId: null }],
      scheduler,
      rejoinGraceMs: 15_000,
      hooks: {
        send: (_userId, event, payload) => {
          if (event === 'battleTurnProcessed') turns.push(payload as BattleTurnProcessedPayload);
        },
        onEnded: () => undefined,
      },
    });
    room.start();
    await scheduler.advance(300);
    // Tap for 5 s at 25 taps a second: the bot attacks several times meanwhile.
    for (let i = 0; i < 125 && !room.isOver; i++) {
      room.tap('a', room.state.fighters[0].target?.id);
      await scheduler.advance(40);
    }
    await scheduler.advance(HIT_HOLD_MS); // whatever still waits goes on its own
    const [player, bot] = room.state.fighters;
    const seen = turns.flatMap((turn) => [...(turn.earlier_hits ?? []), turn.hit]);
    expect(bot.hits).toBeGreaterThan(3);
    expect(seen.filter((hit) => hit.by === 'opponent' && hit.kind === 'bot')).toHaveLength(bot.hits);
    expect(seen.filter((hit) => hit.by === 'you')).toHaveLength(player.hits);
    expect(turns.length).toBeLessThan(player.hits + bot.hits);
    expect(turns.at(-1)?.user_stats.current_health).toBe(player.health);
  });
});
