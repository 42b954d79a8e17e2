import { describe, expect, test } from 'vitest';
import { comboLevel } from './combo-level.ts';

describe('combo display thresholds', () => {
  test('nothing below 5, a badge from 5, COMBO! from 10, SUPER COMBO! from 20', () => {
    expect([0, 1, 4].map(comboLevel)).toEqual(['none', 'none', 'none']);
    expect([5, 9].map(comboLevel)).toEqual(['badge', 'badge']);
    expect([10, 19].map(comboLevel)).toEqual(['combo', 'combo']);
    expect([20, 57].map(comboLevel)).toEqual(['super', 'super']);
  });
});
