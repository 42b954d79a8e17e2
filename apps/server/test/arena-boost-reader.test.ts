import { battleStartedPayloadSchema } from '@titans/shared/battle/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BattleService } from '../src/battle/battle-service.ts';
import type { BoostReader, RunningBoosts } from '../src/battle/boost-reader.ts';
import { ManualScheduler } from '../src/core/clock.ts';
import type { Tx } from '../src/db/database.ts';
import { users } from '../src/db/schema.ts';
import {
  describeEachDatabase,
  grantCoins,
  manualClock,
  readyPlayer,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';

/*
 * F31, F32 (D-BATTLE-12): the Arena takes boosters only from the BoostReader it is given, inside
 * the transaction that starts the battle, at the app's time.
 */
describeEachDatabase('arena boost reader', (kind) => {
  let t: TestApp;
  const clock = manualClock(Date.UTC(2026, 4, 2, 9, 0, 0));

  beforeAll(async () => {
    t = await startTestApp(kind, { clock });
  }, 240_000);
  afterAll(async () => t?.close());

  it('F31 a battle starts with the boosters its reader answers, read in the start transaction at the app time', async () => {
    const telegramId = 47_001;
    const userId = await readyPlayer(t, telegramId);
    await grantCoins(t, userId, 50_000);
    const [row] = await t.database.db
      .select({ selected: users.selectedCharacterId })
      .from(users)
      .where(eq(users.id, userId));
    const calls: Array<{ tx: Tx; userId: string; now: number }> = [];
    const reader: BoostReader = {
      async activeBoosts(tx, readFor, now): Promise<RunningBoosts> {
        calls.push({ tx, userId: readFor, now });
        const brew = {
          itemId: 'reader-brew',
          effects: { power_boost: 7 },
          startsAt: now,
          endsAt: now + 60_000,
        };
        return {
          energy_boost: 0,
          defense_boost: 0,
          power_boost: 7,
          boosts: [{ ...brew, name: 'Reader Brew' }],
        };
      },
    };
    const sent: Array<{ userId: string; event: string; payload: unknown }> = [];
    const arena = new BattleService({
      database: t.database,
      gateway: t.gateway,
      scheduler: new ManualScheduler(clock()),
      boosts: reader,
      timings: t.config.battle,
      logger: t.app.log,
      send: (to, event, payload) => sent.push({ userId: to, event, payload }),
      seed: () => 7,
    });
    try {
      const failure = await arena.findMatch(userId, {
        telegram_user_id: String(telegramId),
        battle_type: 'pve',
        difficulty: 'easy',
        energy_to_spend: 10,
        selected_character_id: row?.selected ?? '',
        equipped_items: [],
      });
      expect(failure).toBeNull();
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ userId, now: clock() });
      // A transaction of its own, not the shared handle: the snapshot commits with the battle row.
      expect(calls[0]?.tx).not.toBe(t.database.db);
      const started = sent.find((message) => message.event === 'battleStarted');
      const payload = battleStartedPayloadSchema.parse(started?.payload);
      expect(payload.boosters).toEqual([
        {
          item_id: 'reader-brew',
          name: 'Reader Brew',
          effects: { power_boost: 7 },
          ends_at: clock() + 60_000,
        },
      ]);
      // The free starter hero's 73 power (Sir Aldric, BAL1) plus the reader's 7.
      expect(payload.user_stats.power).toBe(80);
    } finally {
      await arena.close();
    }
  }, 120_000);
});
