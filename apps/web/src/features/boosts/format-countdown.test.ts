import { describe, expect, test } from 'vitest';
import { formatCountdown } from './format-countdown.ts';

describe('refill countdown', () => {
  test('minutes and seconds, hours when needed, never below zero', () => {
    expect(formatCountdown(2_712_000)).toBe('45:12');
    expect(formatCountdown(3_725_000)).toBe('1:02:05');
    expect(formatCountdown(999)).toBe('0:01');
    expect(formatCountdown(-5_000)).toBe('0:00');
  });
});
