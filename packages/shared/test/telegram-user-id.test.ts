import { describe, expect, it } from 'vitest';
import {
  canonicalTelegramId,
  namesUser,
  sameTelegramUser,
  userRefSchema,
  userRefTextSchema,
} from '../src/auth/telegram-user-id.ts';

describe('Telegram user ids', () => {
  it('A3 are compared by value: 00000002, "2" and 2 are the same user', () => {
    expect(sameTelegramUser('00000002', '2')).toBe(true);
    expect(sameTelegramUser(2, '2')).toBe(true);
    expect(sameTelegramUser('7000000001', 7_000_000_001)).toBe(true);
    expect(sameTelegramUser('3', '2')).toBe(false);
    expect(canonicalTelegramId('00000002')).toBe('2');
  });
});

describe('user references (D-AUTH-7)', () => {
  const owner = { telegramUserId: '2', accountId: '0b6f3d3e-5d4a-4c1e-9f3a-2a7f8e1c9d10' };

  it('A3 a user_id names the player by Telegram id (by value) or by account id', () => {
    expect(namesUser('00000002', owner)).toBe(true);
    expect(namesUser(2, owner)).toBe(true);
    expect(namesUser(owner.accountId, owner)).toBe(true);
    expect(namesUser(owner.accountId.toUpperCase(), owner)).toBe(true);
    expect(namesUser('3', owner)).toBe(false);
    expect(namesUser('5b6f3d3e-5d4a-4c1e-9f3a-2a7f8e1c9d10', owner)).toBe(false);
    expect(namesUser(owner.accountId, { ...owner, accountId: null })).toBe(false);
  });

  it('A3 the schema takes digits, a number or a uuid, and nothing else', () => {
    expect(userRefSchema.safeParse('2').success).toBe(true);
    expect(userRefSchema.safeParse(2).success).toBe(true);
    expect(userRefSchema.safeParse(owner.accountId).success).toBe(true);
    expect(userRefSchema.safeParse('player-2').success).toBe(false);
    expect(userRefSchema.safeParse(-1).success).toBe(false);
    expect(userRefTextSchema.safeParse(2).success).toBe(false);
  });
});
