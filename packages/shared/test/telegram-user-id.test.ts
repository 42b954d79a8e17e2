import { describe, expect, it } from 'vitest';
import { canonicalTelegramId, sameTelegramUser } from '../src/auth/telegram-user-id.ts';

describe('Telegram user ids', () => {
  it('A3 are compared by value: 00000002, "2" and 2 are the same user', () => {
    expect(sameTelegramUser('00000002', '2')).toBe(true);
    expect(sameTelegramUser(2, '2')).toBe(true);
    expect(sameTelegramUser('7000000001', 7_000_000_001)).toBe(true);
    expect(sameTelegramUser('3', '2')).toBe(false);
    expect(canonicalTelegramId('00000002')).toBe('2');
  });
});
