import type { BattleHit } from '@titans/shared/battle/schemas';
import { describe, expect, it } from 'vitest';
import { PASSIVE_HEALTH_UPDATE_MS, PassiveHealthPacer } from '../src/battle/passive-health-pacer.ts';
import { ManualScheduler } from '../src/clock.ts';

function hit(by: BattleHit['by'], damage: number): BattleHit {
  return {
    by,
    kind: 'tap',
    damage,
    combo: 1,
    multiplier: 1,
    value: 1,
    target_id: 1,
    super_attack: false,
  };
}

function pacer() {
  const scheduler = new ManualScheduler();
  const sent: Array<{ side: 0 | 1; at: number; damage: number; by: string }> = [];
  const paced = new PassiveHealthPacer(scheduler, (side, h) =>
    sent.push({ side, at: scheduler.now(), damage: h.damage, by: h.by }),
  );
  return { scheduler, sent, paced, start: scheduler.now() };
}

describe('D-BATTLE-15 the passive side of a PvP battle is paced', () => {
  it('an own hit is sent at once, always; an opponent hit at once when the frame is free', () => {
    const { sent, paced, start } = pacer();
    paced.own(0, hit('you', 1));
    paced.own(0, hit('you', 2));
    paced.passive(1, hit('opponent', 1));
    expect(sent).toEqual([
      { side: 0, at: start, damage: 1, by: 'you' },
      { side: 0, at: start, damage: 2, by: 'you' },
      { side: 1, at: start, damage: 1, by: 'opponent' },
    ]);
  });

  it('opponent hits inside a frame collapse into the latest, sent at the end of the frame', async () => {
    const { scheduler, sent, paced, start } = pacer();
    paced.own(1, hit('you', 9));
    await scheduler.advance(10);
    paced.passive(1, hit('opponent', 1));
    await scheduler.advance(10);
    paced.passive(1, hit('opponent', 2));
    paced.own(1, hit('you', 8));
    expect(sent.map((s) => s.damage)).toEqual([9, 8]);
    await scheduler.advance(PASSIVE_HEALTH_UPDATE_MS);
    // Held from start + 10 until the frame after the first own update ends: at most one per frame.
    expect(sent.slice(2)).toEqual([
      { side: 1, at: start + PASSIVE_HEALTH_UPDATE_MS, damage: 2, by: 'opponent' },
    ]);
  });

  it('the end of the battle sends what is held at once; a closing room drops it', async () => {
    const { scheduler, sent, paced, start } = pacer();
    paced.own(0, hit('you', 5));
    paced.passive(0, hit('opponent', 3));
    paced.flush();
    expect(sent.at(-1)).toEqual({ side: 0, at: start, damage: 3, by: 'opponent' });
    paced.passive(0, hit('opponent', 4));
    paced.dispose();
    await scheduler.advance(PASSIVE_HEALTH_UPDATE_MS * 2);
    expect(sent).toHaveLength(2);
  });
});
