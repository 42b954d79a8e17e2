import { describe, expect, test } from 'vitest';
import { formatReward } from './format-reward.ts';

describe('formatReward (rewards of 1000 or more show as K)', () => {
  test('below 1000 stays whole', () => {
    expect(formatReward(999)).toBe('999');
  });
  test('thousands show as K with at most one decimal', () => {
    expect(formatReward(1000)).toBe('1K');
    expect(formatReward(2000)).toBe('2K');
    expect(formatReward(2500)).toBe('2.5K');
    expect(formatReward(5000)).toBe('5K');
    expect(formatReward(12_345)).toBe('12.3K');
  });
});
