import { describe, expect, it } from 'vitest';
import { activeBoostTotals, boosterWindow } from '../src/marketplace/boosters.ts';

const MINUTE = 60_000;

describe('boosters (D-SHOP-2)', () => {
  it('a booster starts now when none of its kind runs', () => {
    expect(boosterWindow([], 1_000, 30 * MINUTE)).toEqual({ startsAt: 1_000, endsAt: 1_000 + 30 * MINUTE });
  });

  it('buying it again while it runs queues the new window after the running one', () => {
    const first = boosterWindow([], 0, 30 * MINUTE);
    const second = boosterWindow([first.endsAt], 5 * MINUTE, 30 * MINUTE);
    expect(second).toEqual({ startsAt: 30 * MINUTE, endsAt: 60 * MINUTE });
    const third = boosterWindow([first.endsAt, second.endsAt], 6 * MINUTE, 30 * MINUTE);
    expect(third.startsAt).toBe(60 * MINUTE);
  });

  it('sums the effects of the windows running at an instant (start inclusive, end exclusive)', () => {
    const activations = [
      { itemId: 'tonic', effects: { energy_boost: 100 }, startsAt: 0, endsAt: 10 },
      { itemId: 'brew', effects: { power_boost: 5 }, startsAt: 0, endsAt: 20 },
      { itemId: 'tonic', effects: { energy_boost: 100 }, startsAt: 10, endsAt: 20 },
      { itemId: 'charm', effects: { defense_boost: 5 }, startsAt: 20, endsAt: 30 },
    ];
    expect(activeBoostTotals(activations, 0)).toEqual({
      energy_boost: 100,
      defense_boost: 0,
      power_boost: 5,
    });
    expect(activeBoostTotals(activations, 10)).toEqual({
      energy_boost: 100,
      defense_boost: 0,
      power_boost: 5,
    });
    expect(activeBoostTotals(activations, 20)).toEqual({ energy_boost: 0, defense_boost: 5, power_boost: 0 });
    expect(activeBoostTotals(activations, 30)).toEqual({ energy_boost: 0, defense_boost: 0, power_boost: 0 });
  });
});
