import { describe, expect, it } from 'vitest';
import { payout } from '../src/battle/payout.ts';
import {
  BATTLE_COIN_REWARD,
  BATTLE_MIN_HITS_TO_EARN,
  BATTLE_STAKE,
  XP_DEFEAT,
  XP_DRAW,
  XP_VICTORY,
} from '../src/constants.ts';

const stake = BATTLE_STAKE;
const active = BATTLE_MIN_HITS_TO_EARN;
const idle = BATTLE_MIN_HITS_TO_EARN - 1;

describe('the battle payout (docs/rules.md F33–F35)', () => {
  it('F33 a defeat keeps the stake, whatever the player spent meanwhile', () => {
    expect(payout({ result: 'defeat', hits: 40, stake }, false)).toEqual({
      credit: 0,
      net: -stake,
      prize: false,
      experience: XP_DEFEAT,
    });
    expect(payout({ result: 'defeat', hits: 40, stake }, true).net).toBe(-stake);
  });

  it('F33 a victory returns the stake and pays the prize', () => {
    for (const isPvp of [false, true]) {
      expect(payout({ result: 'victory', hits: active, stake }, isPvp)).toEqual({
        credit: stake + BATTLE_COIN_REWARD,
        net: BATTLE_COIN_REWARD,
        prize: true,
        experience: XP_VICTORY,
      });
    }
  });

  it('F34 a side that did not play earns no prize and no experience, and gets its stake back on a win', () => {
    expect(payout({ result: 'victory', hits: idle, stake }, true)).toEqual({
      credit: stake,
      net: 0,
      prize: false,
      experience: 0,
    });
    expect(payout({ result: 'draw', hits: 0, stake }, true)).toEqual({
      credit: stake,
      net: 0,
      prize: false,
      experience: 0,
    });
    expect(payout({ result: 'defeat', hits: 0, stake }, true)).toEqual({
      credit: 0,
      net: -stake,
      prize: false,
      experience: 0,
    });
  });

  it('F35 a played draw pays the prize against a bot and returns the stake only in PvP', () => {
    expect(payout({ result: 'draw', hits: active, stake }, false)).toEqual({
      credit: stake + BATTLE_COIN_REWARD,
      net: BATTLE_COIN_REWARD,
      prize: true,
      experience: XP_DRAW,
    });
    expect(payout({ result: 'draw', hits: active, stake }, true)).toEqual({
      credit: stake,
      net: 0,
      prize: false,
      experience: XP_DRAW,
    });
  });

  it('F36 PvP never creates coins: the two sides of any result add up to at most one prize', () => {
    const results = [
      ['victory', 'defeat'],
      ['defeat', 'victory'],
      ['draw', 'draw'],
    ] as const;
    for (const [a, b] of results) {
      for (const hitsA of [0, idle, active, 100]) {
        for (const hitsB of [0, idle, active, 100]) {
          const total =
            payout({ result: a, hits: hitsA, stake }, true).net +
            payout({ result: b, hits: hitsB, stake }, true).net;
          expect(total).toBeLessThanOrEqual(0);
        }
      }
    }
  });
});
