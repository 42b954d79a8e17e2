import type { BattleCompletedPayload, BattleStartedPayload } from '@titans/shared/battle/schemas';
import { describe, expect, test } from 'vitest';
import { fightSummary, timeUpReason } from './fight-summary.tsx';

const side = { hits: 42, damage: 1_512, superAttack: 2, defSuperAttack: 0, coins: 0 };
const completed = {
  battle_id: 'b',
  result: 'victory',
  coins_earned: 5_000,
  experience_earned: 50,
  reason: 'time',
  is_pvp: false,
  level: 2,
  level_up: false,
  coins: 0,
  stake: 5_000,
  payout: 10_000,
  your_stats: side,
  opponent_stats: side,
} satisfies BattleCompletedPayload;
const battle = { live: { fight_starts_at: 100_000, ends_at: 190_000 } } as unknown as BattleStartedPayload;

describe('the result screen shows the fight in numbers (decisions D-UI-13)', () => {
  test('damage, hits, best combo, duration, stake and payout as the server sent them', () => {
    expect(fightSummary(completed, battle, 12, 142_400).map((r) => [r.label, r.value])).toEqual([
      ['Damage dealt', '1,512'],
      ['Hits', '42'],
      ['Best combo', '12'],
      ['Duration', '0:42'],
      ['Stake', '−5,000'],
      ['Payout', '+10,000'],
    ]);
  });

  test('what the client does not know is left out; the time limit caps the duration', () => {
    const rows = fightSummary(completed, battle, null, 250_000);
    expect(rows.map((r) => r.id)).toEqual(['damage', 'hits', 'duration', 'stake', 'payout']);
    expect(rows.find((r) => r.id === 'duration')?.value).toBe('1:30');
    expect(fightSummary(completed, null, 3, null).map((r) => r.id)).not.toContain('duration');
    // A battle forfeited during the intro lasted no time at all.
    expect(fightSummary(completed, battle, 0, 95_000).find((r) => r.id === 'duration')?.value).toBe('0:00');
  });
});

describe("a time-out says Time's up and why the winner won (F64)", () => {
  const health = (you: number, opponent: number) => ({
    you: { health: you, max: 4_000 },
    opponent: { health: opponent, max: 5_000 },
  });

  test('F64 the larger share of health left, yours first or theirs first', () => {
    expect(timeUpReason({ ...completed, final_health: health(2_480, 2_400) })).toBe(
      'You had more health left: 62 % vs 48 %',
    );
    expect(timeUpReason({ ...completed, result: 'defeat', final_health: health(1_920, 3_100) })).toBe(
      'Your opponent had more health left: 62 % vs 48 %',
    );
    expect(timeUpReason({ ...completed, result: 'draw', final_health: health(2_000, 2_500) })).toBe(
      'The same share of health left: 50 % each',
    );
  });

  test('F64 shares that round alike get a decimal; other endings and missing health say nothing', () => {
    expect(timeUpReason({ ...completed, final_health: health(2_012, 2_490) })).toBe(
      'You had more health left: 50.3 % vs 49.8 %',
    );
    expect(timeUpReason({ ...completed, final_health: health(2_002, 2_500) })).toBe(
      'You had more health left: 50.05 % vs 50.00 %',
    );
    // A scratched fighter is not shown at 100 %, nor a nearly beaten one at 0 %.
    expect(timeUpReason({ ...completed, final_health: health(3_992, 4_800) })).toBe(
      'You had more health left: 99.8 % vs 96.0 %',
    );
    expect(timeUpReason({ ...completed, final_health: health(4_000, 10) })).toBe(
      'You had more health left: 100.0 % vs 0.2 %',
    );
    expect(timeUpReason({ ...completed, reason: 'knockout', final_health: health(10, 0) })).toBeNull();
    expect(timeUpReason(completed)).toBeNull();
  });
});
